/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time,
  // and pg has optional native bindings: keep both out of the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  // Also writes .next/standalone: scripts/standalone.mjs turns it into the self-contained artifact the
  // Dockerfile copies (e2e/standalone.spec.ts runs an onboarding against it).
  output: "standalone",

  // forbidden() for a staff role without the right: a real 403 page (app/admin/forbidden.tsx).
  experimental: { authInterrupts: true },
  reactStrictMode: true,
};

export default nextConfig;
