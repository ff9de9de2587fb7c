import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConfirmPanel, type ConfirmKey } from "@/components/admin/confirm-panel";

const texts: Record<ConfirmKey, string> = {
  hint: "Hint",
  button: "Retry",
  confirmTitle: "Sure?",
  confirmBody: "Body",
  confirm: "Yes, retry",
  busy: "Working",
  cancel: "Cancel",
  errorTitle: "Failed",
};
const noop = () => {};
const render = (over: Partial<Parameters<typeof ConfirmPanel>[0]>) =>
  renderToStaticMarkup(<ConfirmPanel say={(key) => texts[key]} open={false} onOpenChange={noop} onConfirm={noop} busy={false} {...over} />);

describe("ConfirmPanel", () => {
  it("closed: the hint describes the one button that opens it", () => {
    const html = render({});
    const hintId = /<p id="([^"]+)"[^>]*>Hint<\/p>/.exec(html)?.[1];
    expect(hintId).toBeTruthy();
    expect(html).toContain(`aria-describedby="${hintId}"`);
    expect(html).toContain(">Retry</button>");
    expect(html).not.toContain('role="group"');
  });

  it("open: a focusable group named by its title, what it asks for, the error, confirm and cancel", () => {
    const html = render({ open: true, error: "Upstream down", variant: "danger", children: <p>Reason field</p> });
    const titleId = /<p id="([^"]+)" class="font-semibold">Sure\?<\/p>/.exec(html)?.[1];
    expect(html).toContain(`tabindex="-1" role="group" aria-labelledby="${titleId}"`);
    expect(html.indexOf("Reason field")).toBeGreaterThan(html.indexOf("Body"));
    expect(html).toContain("Upstream down");
    expect(html).toContain("Failed");
    expect(html).toContain(">Yes, retry</button>");
    expect(html).toContain(">Cancel</button>");
    expect(html).not.toContain(">Retry</button>");
  });

  it("busy: says so and refuses a second click", () => {
    const html = render({ open: true, busy: true });
    expect(html).toContain("Working");
    expect(html).not.toContain("Yes, retry");
    expect(html.match(/disabled=""/g)?.length).toBe(2);
  });
});
