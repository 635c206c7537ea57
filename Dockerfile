# syntax=docker/dockerfile:1
# Production image: the API, socket.io and the built web app in one Node.js 24 process.
# Build: docker build -t apothecall .   Run with compose: deploy/compose.yaml (docs/operations.md).

# --- build: every workspace's dependencies, then the web build and the server bundle ---------
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# `npm install`, not `npm ci`: it installs exactly the versions package-lock.json records, but
# does not refuse a lockfile that lacks other platforms' optional binaries, as ours does (the
# registry our machines reach lacks some of Biome's; docs/operations.md, "Container").
# No install scripts are needed: the image's Node is already 24 and every native package ships
# a prebuilt binary.
RUN npm install --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

# --- runtime: the server's production dependencies, the bundle, the web build; not root ------
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    DEMO_SEED=false \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=16384
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Only the server workspace's runtime packages (the web app ships as static files), at the
# lockfile's versions.
RUN npm install --omit=dev --no-audit --no-fund --ignore-scripts --workspace @apothecall/server \
    && npm cache clean --force \
    && mkdir -p /data && chown node:node /data
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# V8's young generation capped at its old 64-bit default (16 MB a semi-space): sized from the heap
# limit otherwise, it held about 90 MB more resident at idle (docs/performance.md, Memory).
CMD ["node", "--max-semi-space-size=16", "apps/server/dist/main.js"]
