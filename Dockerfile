# The portal in a container: the installable server package (npm run pack) with production dependencies
# only, run by Node 24 LTS as the unprivileged `node` user under tini. No container engine runs on this
# project's machines: the image is not built here; scripts/packages/installed.test.ts checks this file
# and runs its install, command and health check outside a container (README "Docker").
FROM node:24-bookworm-slim AS build
WORKDIR /src
# Compilers only in case a native dependency has no prebuilt binary for the platform (this stage only).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# What `npm ci` needs, install scripts included (contract types, Prisma client), before the sources.
COPY package.json package-lock.json .npmrc openapi.yaml ./
COPY scripts/generate.mjs scripts/generate.mjs
COPY prisma prisma
COPY contract/package.json contract/package.json
COPY conformance/package.json conformance/package.json
COPY server/package.json server/package.json
COPY server/scripts server/scripts
COPY web/package.json web/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN PACK_ONLY=data-act-portal npm run pack

FROM node:24-bookworm-slim AS install
WORKDIR /app
COPY --from=build /src/dist/packages/data-act-portal-*.tgz /tmp/
RUN echo '{"name":"portal-image","private":true}' > package.json \
  && npm install --omit=dev --no-audit --no-fund /tmp/data-act-portal-*.tgz

FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown node:node /data
WORKDIR /app
COPY --from=install /app /app
# The package's cache of the parsed contract (JSON beside the YAML, written at the first start) is the
# one place under /app the server writes: the node user owns it, so later starts skip the YAML parse.
RUN mkdir -p /app/node_modules/data-act-portal/node_modules/.cache/portal-contract \
  && chown node:node /app/node_modules/data-act-portal/node_modules/.cache/portal-contract
# Demo mode on purpose: seeded personas and anyone may sign in as any of them. Never for real data:
# production needs PORTAL_MODE=production with OIDC_ISSUER (README "Modes").
ENV NODE_ENV=production PORTAL_MODE=demo HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["/app/node_modules/.bin/data-act-portal"]
