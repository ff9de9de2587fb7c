import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LanguageSwitch } from "@/components/shell/language-switch";

const t = (key: string) => `[${key}]`;
const action = async () => {};

describe("LanguageSwitch", () => {
  it.each([
    ["en", "zh-CN"],
    ["zh-CN", "en"],
  ] as const)("offers the other language from %s", (locale, other) => {
    const html = renderToStaticMarkup(<LanguageSwitch t={t} locale={locale} action={action} />);
    expect(html).toContain(`<input type="hidden" name="locale" value="${other}"/>`);
    expect(html).toContain(`lang="${other}" aria-label="[shell.switchToLabel]"`);
    expect(html).toContain(">[shell.switchTo]</button>");
  });
});
