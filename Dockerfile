# The portal as a container: a thin copy of the tested standalone artifact (`npm run build:standalone` writes
# dist/portal; e2e/standalone.spec.ts completes an onboarding against that same folder). Build it first:
#   npm ci && npm run build:standalone && docker build -t card-portal .
# Node 24, the current LTS (Node 20 reached its end of life in April 2026); the artifact is plain JavaScript and WASM.
FROM node:24-bookworm-slim
# Live mode by default: without the issuer's variables and the secrets the container stops at start with one message
# naming each. HOST is left to the mode: live listens on 0.0.0.0; a sandbox (PORTAL_MODE=sandbox, on purpose) stays
# on the container's loopback unless HOST and SANDBOX_ALLOW_NETWORK=1 open it, with a loud warning.
ENV NODE_ENV=production PORT=3000 PORTAL_MODE=live DATA_DIR=/data
WORKDIR /app
# A user of its own: the app never runs as root, and only DATA_DIR (the embedded database, generated sandbox secrets) is writable.
RUN groupadd --system portal && useradd --system --gid portal --home-dir /app portal && mkdir -p /data && chown portal:portal /data
COPY --chown=root:root dist/portal/ /app/
USER portal
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/serve.mjs"]
