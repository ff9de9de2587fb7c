// Types of scripts/build-if-needed.mjs for the tests that import it.
export function sourceFingerprint(dir?: string): string;
export function buildIsCurrent(profile?: string): boolean;
export function buildIfNeeded(options?: { profile?: string; env?: Record<string, string> }): void;
