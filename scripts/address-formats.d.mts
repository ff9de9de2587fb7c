// Types of scripts/address-formats.mjs for the test that compares its table with the committed one.
export function buildTable(): Record<string, { o: string; l?: string; s?: string; c?: string; d?: string; z?: string }>;
