# The portal for demos: one container, one port, SQLite and stored files on a volume.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY server/package.json server/package.json
COPY server/scripts server/scripts
COPY web/package.json web/package.json
COPY prisma prisma
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace web && npm run build --workspace server

FROM node:24-bookworm-slim
WORKDIR /app
# Demo mode on purpose: seeded personas and anyone may sign in as any of them. Never for real data.
ENV PORTAL_MODE=demo HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=build /app /app
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/v1/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["npm", "run", "serve"]
