# syntax=docker/dockerfile:1
# Production image: Node 22 LTS, production dependencies only, runs as the unprivileged `node`
# user, applies migrations at start (src/main.ts). Set DATABASE_URL and JWT_SECRET; without
# DATABASE_URL it runs an embedded PostgreSQL in /data (a volume), which suits a single box only.

# 1. Full install: generates the Prisma client and type-checks the sources.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/prisma-generate.mjs scripts/
COPY prisma ./prisma
RUN npm ci
COPY . .
RUN npx tsc --noEmit

# 2. Production dependencies only (the postinstall skips `prisma generate`: no CLI here).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.mjs scripts/
RUN npm ci --omit=dev && npm cache clean --force

# 3. Runtime.
FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data/postgres
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json ./
COPY --chown=node:node prisma ./prisma
COPY --chown=node:node src ./src
COPY --from=build --chown=node:node /app/src/generated ./src/generated
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node directly (not npm) so SIGTERM reaches the server and it closes gracefully.
CMD ["node", "--import", "tsx", "src/main.ts"]
