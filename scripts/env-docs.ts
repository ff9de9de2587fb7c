// `npm run env:docs`: rewrites docs/configuration.md's configuration table and .env.example from lib/env-schema.ts.
import { readFileSync, writeFileSync } from "node:fs";
import { renderEnvExample, replaceEnvTable } from "../lib/env-docs";

const docs = new URL("../docs/configuration.md", import.meta.url);
writeFileSync(docs, replaceEnvTable(readFileSync(docs, "utf8")));
writeFileSync(new URL("../.env.example", import.meta.url), renderEnvExample());
console.log("docs/configuration.md configuration table and .env.example updated.");
