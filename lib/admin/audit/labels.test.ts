import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@/lib/audit/record";
import { en } from "@/lib/i18n/messages/en";
import { zhCN } from "@/lib/i18n/messages/zh-cn";
import { valueAt } from "@/lib/dotted-paths";

// The audit page names each action in words: a new action without its label in both languages fails here,
// rather than showing its code to staff.

describe("audit action labels", () => {
  for (const [name, catalog] of [
    ["en", en],
    ["zh-CN", zhCN],
  ] as const) {
    it(`every action has a label in ${name}`, () => {
      const missing = AUDIT_ACTIONS.filter((action) => typeof valueAt(catalog, `admin.staffArea.audit.actions.${action}`) !== "string");
      expect(missing).toEqual([]);
    });
  }
});
