# The portal as a container (docs/deploy.md): `docker build -t portal .`, then `node dist/server/main.js` runs in
# a slim Debian Node image as the unprivileged user `node`. Three stages: the build (all packages, `npm run build`
# writes dist/ with the compiled server), the production packages, and the runtime (dist/, package.json and the
# production node_modules only; no sources, no TypeScript loader at run time).
ARG NODE_IMAGE=node:20.19-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the lock file lists only this platform's builds of the native packages (see .ci/run),
# which `npm ci` refuses as out of sync; with the committed lock `npm install` installs exactly the locked versions.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3030 \
    BRAND2_PORT=3031 \
    DATA_DIR=/data/pglite
WORKDIR /app
COPY --from=production-packages /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
# The embedded database (when DATABASE_URL is not set) lives in the volume, owned by the unprivileged user.
RUN mkdir -p /data/pglite && chown -R node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3030 3031
# Liveness: /api/health answers without touching the database (readiness is /api/ready, for the proxy/orchestrator).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3030) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (server/ops/shutdown.ts): readiness 503 and every request still answered for SHUTDOWN_DRAIN_MS, then
# the listeners close and the requests under way finish (SHUTDOWN_TIMEOUT_MS); exit 0. node itself is the command
# (no npm or shell in between, which would not pass the signal on); `docker run --init` or compose's `init: true`
# puts tini in front as PID 1.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
