import nextPlugin from "@next/eslint-plugin-next";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const processEnvBan = {
  "no-restricted-properties": [
    "error",
    {
      object: "URL",
      property: "createObjectURL",
      message: "An object URL pins the file in memory until revoked: previews go through components/ui/dropzone.tsx, which revokes them.",
    },
    {
      object: "process",
      property: "env",
      message: "Read configuration through lib/env.ts (getEnv), the one validated reader of process.env.",
    },
  ],
};

// The rooms of docs/architecture.md, enforced. Each message says why the line is there.
const P = {
  sql: {
    group: ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*"],
    message: "No SQL in app/ or components/: call a lib/ function.",
  },
  db: {
    group: ["@/lib/db", "@/lib/db/*", "!@/lib/db/types"],
    message: "DB access goes through lib/ domain functions (which use the lib/db query functions), never from app/ or components/.",
  },
  issuer: {
    group: ["@/lib/issuer", "@/lib/issuer/*"],
    allowTypeImports: true,
    message: "No upstream calls in app/ or components/: a lib/applications (or lib/admin) function makes them.",
  },
  sandbox: {
    group: ["@/lib/sandbox", "@/lib/sandbox/*"],
    message: "The portal reaches the sandbox over HTTP only, as it would the real issuer (lib/startup.ts is the one start-up hook).",
  },
  app: {
    group: ["@/app", "@/app/*"],
    message: "Components are given what they need as props: they never import routes or server actions of app/.",
  },
  env: { group: ["@/lib/env"], message: "Components do not read configuration: the app reads it (lib/env) and passes what is needed in." },
  ui: { group: ["@/lib/*", "!@/lib/utils"], message: "UI primitives import nothing of lib/ but lib/utils: they know no domain." },
  staff: {
    group: ["@/lib/admin", "@/lib/admin/*"],
    message: "Staff sign-in and sessions (lib/auth) stand below the staff area: record actions through lib/audit, never lib/admin.",
  },
  // Persistence stands below every room that has rules: a constant it needs lives in lib/db (or is passed in).
  domain: {
    group: [
      ...[
        "applications",
        "issuer",
        "webhooks",
        "auth",
        "admin",
        "audit",
        "privacy",
        "reconciliation",
        "requirements",
        "mode",
        "jobs",
        "crypto",
        "security",
        "api",
        "i18n",
      ].flatMap((room) => [`@/lib/${room}`, `@/lib/${room}/*`]),
      "@/app/*",
      "@/components/*",
    ],
    message: "lib/db imports no domain module: move the constant down into lib/db (lib/db/schema) or take it as a parameter.",
  },
  portal: {
    group: ["@/lib/applications/*", "@/lib/issuer/*", "@/lib/webhooks/*", "@/lib/auth/*", "@/lib/admin/*", "@/app/*"],
    message: "The sandbox stands for the real issuer: it never depends on the portal's own code.",
  },
};
const restrict = (...patterns) => ({ "no-restricted-imports": "off", "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/testing.ts", "**/testing/**"];

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "dist/**",
      ".data*/**",
      "test-results/**",
      "playwright-report/**",
      "e2e-artifacts/**",
      "next-env.d.ts",
    ],
  },
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
  { files: ["app/**", "components/**", "lib/**", "instrumentation.ts", "proxy.ts"], rules: processEnvBan },
  {
    files: ["lib/env.ts", "components/ui/dropzone.tsx", "components/apply/photo/use-object-urls.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  { files: ["app/**"], ignores: ["app/sandbox/**"], rules: restrict(P.sql, P.db, P.issuer, P.sandbox) },
  // The embedded issuer's own routes may use lib/sandbox (and only they may).
  { files: ["app/sandbox/**"], rules: restrict(P.sql, P.db) },
  { files: ["components/**"], rules: restrict(P.sql, P.db, P.issuer, P.sandbox, P.app, P.env) },
  { files: ["components/ui/**"], rules: restrict(P.ui, P.app) },
  { files: ["lib/**"], ignores: ["lib/sandbox/**", "lib/startup.ts", ...TESTS], rules: restrict(P.sandbox) },
  { files: ["lib/sandbox/**"], ignores: TESTS, rules: restrict(P.portal) },
  { files: ["lib/auth/**"], ignores: TESTS, rules: restrict(P.sandbox, P.staff) },
  { files: ["lib/db/**"], ignores: TESTS, rules: restrict(P.sandbox, P.domain) },
  // A promise nobody awaits loses its error (an unhandled rejection ends the process); type-aware, so server code only.
  {
    files: ["lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error", "@typescript-eslint/no-misused-promises": "error" },
  },
);
