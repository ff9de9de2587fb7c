// Types of test/layers.mjs for vitest.config.mts and scripts/test-layers.test.ts.
export type Layer = "unit" | "integration" | "build";
export const TEST_ROOTS: string[];
export const TEST_FILE: RegExp;
export const BUILD_TESTS: string[];
export const INTEGRATION_IMPORTS: string[];
export function layerOf(file: string, source: string): Layer;
export function testFiles(root: string): string[];
export function testLayers(root: string): Record<Layer, string[]>;
export function literalGlob(file: string): string;
