// Rewrites the configuration table of docs/configuration.md from lib/env-schema.ts.
import { readFileSync, writeFileSync } from "node:fs";
import { replaceEnvTable } from "../lib/env-docs";

const file = new URL("../docs/configuration.md", import.meta.url);
writeFileSync(file, replaceEnvTable(readFileSync(file, "utf8")));
console.log("docs/configuration.md configuration table updated.");
