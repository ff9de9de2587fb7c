// Types of scripts/country-names.mjs for the test that compares its table with the committed one.
export function buildTable(): Record<string, [string, string][]>;
