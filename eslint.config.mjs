import nextPlugin from "@next/eslint-plugin-next";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const processEnvBan = {
  "no-restricted-properties": [
    "error",
    {
      object: "process",
      property: "env",
      message: "Read configuration through lib/env.ts (getEnv), the one validated reader of process.env.",
    },
  ],
};

// The rooms of ARCHITECTURE.md, enforced: pages and components never talk SQL or to the upstream.
const dataPatterns = [
  { group: ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*"], message: "No SQL in app/ or components/: call a lib/ function." },
  { group: ["@/lib/db/*", "!@/lib/db/types"], message: "DB access only through lib/ domain functions and lib/db query functions." },
];
const noDataAccessInUi = {
  "no-restricted-imports": [
    "error",
    { patterns: [...dataPatterns, { group: ["@/lib/sandbox/*"], message: "The portal reaches the sandbox over HTTP only." }] },
  ],
};

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", ".data*/**", "test-results/**", "playwright-report/**", "e2e-artifacts/**", "next-env.d.ts"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "@next/next": nextPlugin, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": true, "ts-expect-error": "allow-with-description" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  { files: ["app/**", "components/**", "lib/**", "instrumentation.ts"], rules: processEnvBan },
  { files: ["lib/env.ts"], rules: { "no-restricted-properties": "off" } },
  { files: ["app/**", "components/**"], ignores: ["app/sandbox/**"], rules: noDataAccessInUi },
  // The embedded issuer's own routes may use lib/sandbox (and only they may).
  { files: ["app/sandbox/**"], rules: { "no-restricted-imports": ["error", { patterns: dataPatterns }] } },
  {
    files: ["components/ui/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/lib/*", "!@/lib/utils"], message: "UI primitives import nothing of lib/ but lib/utils." }] },
      ],
    },
  },
);
