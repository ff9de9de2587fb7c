/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time,
  // and pg has optional native bindings: keep both out of the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  // The build is checked by `npm test` (lint + typecheck) already; do not do it twice.
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
