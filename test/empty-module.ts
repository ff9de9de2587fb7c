// Stand-in for `server-only` in Vitest (see vitest.config.mts).
export {};
