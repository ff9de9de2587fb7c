// Rewrites the configuration table of README.md from lib/env-schema.ts.
import { readFileSync, writeFileSync } from "node:fs";
import { replaceEnvTable } from "../lib/env-docs";

const file = new URL("../README.md", import.meta.url);
writeFileSync(file, replaceEnvTable(readFileSync(file, "utf8")));
console.log("README.md configuration table updated.");
