# syntax=docker/dockerfile:1
# Production image: Node 22 LTS running the compiled JavaScript (`node dist/main.js`, no tsx), with
# production dependencies only, as the unprivileged `node` user; migrations are applied at start.
# Set DATABASE_URL and JWT_SECRET (deploy/compose.yaml shows a whole deployment). The embedded
# PostgreSQL is an optional dependency left out of this image (`--omit=optional`): main.js imports
# it only when DATABASE_URL is unset, and then says to set DATABASE_URL.

# 1. Full install: generates the Prisma client, type-checks, compiles src/ to dist/ and builds the
#    web app (web/ → web/dist; the postinstall skips it here, the sources are copied after).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
# The workspace package (packages/rules: the rules engines and record verifier, bundled at `npm pack`).
COPY packages/rules/package.json packages/rules/
COPY scripts/prisma-generate.mjs scripts/build-web.mjs scripts/
COPY prisma ./prisma
RUN npm ci
COPY . .
RUN npx tsc --noEmit && npx tsc --noEmit -p web && npm run build

# 2. Production dependencies only: no dev tools, no embedded PostgreSQL (the postinstall skips
#    `prisma generate` and the web build: both come from step 1).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY scripts/prisma-generate.mjs scripts/build-web.mjs scripts/
RUN npm ci --omit=dev --omit=optional && npm cache clean --force

# 3. Runtime.
FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json ./
COPY --chown=node:node prisma ./prisma
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/web/dist ./web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node directly (not npm) so SIGTERM reaches the server and it closes gracefully.
CMD ["node", "dist/main.js"]
