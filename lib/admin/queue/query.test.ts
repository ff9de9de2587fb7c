import { describe, expect, it } from "vitest";
import { backQueryOf, caseHrefOf, queryOf, queueHrefOf } from "@/lib/admin/queue/query";

// "Back to the applications" carries the queue's view through the application page: only the queue's own
// parameters, validated, and a link that leads nowhere but the queue.

const ID = "app_0123456789abcdefghijkl";

describe("the queue's address", () => {
  it("keeps a view's filters, order and page through an application page and back", () => {
    const view = queryOf({ q: "ada lovelace", state: "failed", attention: "1", sort: "since_asc", after: "MjAyNi0w" });
    expect(view).toBe("q=ada+lovelace&state=failed&attention=1&sort=since_asc&after=MjAyNi0w");
    const page = new URL(caseHrefOf(ID, view), "http://portal.test");
    expect(page.pathname).toBe(`/admin/applications/${ID}`);
    expect(queueHrefOf(backQueryOf(page.searchParams.get("back") ?? undefined))).toBe(`/admin/applications?${view}`);
  });

  it("opens an application without a back parameter when the view is the plain queue", () => {
    expect(caseHrefOf(ID, queryOf({ sort: "created_desc" }))).toBe(`/admin/applications/${ID}`);
    expect(queueHrefOf(backQueryOf(undefined))).toBe("/admin/applications");
  });

  it("drops what is not the queue's and bad values, and never leads anywhere but the queue", () => {
    const hostile = [
      "//evil.example/phish",
      "https://evil.example/?state=failed",
      "javascript:alert(1)",
      "state=failed&next=https://evil.example&redirect=//evil.example&callbackUrl=/api/auth/signout",
      "state=not_a_state&sort=drop table&assignee=../../x&attention=yes&q=" + "x".repeat(300),
      "state=failed#@evil.example",
      `state=failed&${"a=1&".repeat(600)}`,
    ];
    for (const raw of hostile) {
      const href = queueHrefOf(backQueryOf(raw));
      const url = new URL(href, "http://portal.test");
      expect(url.origin).toBe("http://portal.test");
      expect(url.pathname).toBe("/admin/applications");
      expect(href).not.toMatch(/evil|javascript|next=|redirect|callbackUrl|drop|\.\./);
    }
    expect(backQueryOf("state=failed&next=//evil.example")).toBe("state=failed");
    expect(backQueryOf(["state=kyc_rejected", "state=failed"])).toBe("state=kyc_rejected");
  });
});
