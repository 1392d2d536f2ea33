# OpenRide in one image (decision 0028): the server (TypeScript, run by tsx) and the built web app.
#   docker build -t openride:local .
#   docker compose up -d          (compose.yaml: this image + PostgreSQL + Redis)
# Embedded mode (no DATABASE_URL) keeps everything in the /data volume.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts scripts
COPY packages/shared packages/shared
COPY apps/web apps/web
COPY apps/server apps/server
# The web app is built once here (npm start would otherwise build it at every start), then the build
# tools go: tsx, which runs the server, is a dependency of apps/server and stays.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server's user; only /data is writable.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = the database (and Redis, when configured) answer: GET /api/health/ready. No curl in the slim image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself, not `npm start` (which would try to rebuild the web app); SIGTERM reaches it directly.
CMD ["node", "--import", "tsx", "apps/server/src/index.ts"]
