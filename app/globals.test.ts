import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The colour tokens live in app/globals.css, one block per theme; this reads them the way the browser does.
const css = readFileSync(path.join(__dirname, "globals.css"), "utf8");

function tokens(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1] ?? "", m[2] ?? ""]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const light = tokens(css.slice(0, css.indexOf("@media (prefers-color-scheme: dark)")));
const dark = tokens(css.slice(css.indexOf("@media (prefers-color-scheme: dark)")));
const backgrounds = ["bg", "surface", "surface-muted", "success-bg", "warning-bg", "danger-bg", "info-bg"];

describe.each([
  ["light", light],
  ["dark", dark],
])("%s theme", (_name, theme) => {
  // WCAG 2.4.13 / 1.4.11: the focus ring is drawn 2 px outside the control, on whatever background it sits.
  it.each(backgrounds)("the focus ring has 3:1 or more against %s", (bg) => {
    expect(contrast(theme.focus ?? "", theme[bg] ?? "")).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ["fg", "bg"],
    ["fg", "surface"],
    ["fg-muted", "surface"],
    ["fg-muted", "bg"],
    ["on-brand", "brand"],
    ["danger", "danger-bg"],
    ["success", "success-bg"],
    ["warning", "warning-bg"],
    ["info", "info-bg"],
  ])("text %s on %s reads at 4.5:1 or more", (fg, bg) => {
    expect(contrast(theme[fg] ?? "", theme[bg] ?? "")).toBeGreaterThanOrEqual(4.5);
  });
});
