import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI only (generate here; migrate deploy on machines that can fetch its engine).
// The running service connects through @prisma/adapter-pg with the URL from src/config.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/postgres' },
});
