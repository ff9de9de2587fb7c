import { describe, expect, it } from "vitest";
import { isPortalError } from "@/lib/errors";
import { dayFilterErrors, dayParam, isFilterDay, requireFilterDays } from "@/lib/admin/day-filter";

describe("day filters", () => {
  it("takes real calendar days from 2000 to 2999 only", () => {
    for (const day of ["2026-02-28", "2024-02-29", "2000-01-01", "2999-12-31"]) expect(isFilterDay(day), day).toBe(true);
    for (const day of [
      "2026-13-45",
      "2026-02-30",
      "2025-02-29",
      "0000-01-01",
      "1999-12-31",
      "3000-01-01",
      "9999-12-31",
      "2026-1-1",
      "x",
      "",
    ])
      expect(isFilterDay(day), day).toBe(false);
    expect(dayParam.parse("2026-13-45")).toBeUndefined();
    expect(dayParam.parse("2026-01-31")).toBe("2026-01-31");
  });

  it("names the refused ones (an empty box is no filter, not an error)", () => {
    expect(dayFilterErrors({ from: "0000-01-01", to: "" })).toEqual({ from: "errors.staff.day_filter" });
    expect(dayFilterErrors({ to: "9999-12-31", q: "x" })).toEqual({ to: "errors.staff.day_filter" });
    expect(dayFilterErrors({ from: "2026-01-01" })).toEqual({});
    const error = (() => {
      try {
        requireFilterDays(new URLSearchParams("from=2026-13-45&to=2026-01-01"));
      } catch (e) {
        return e;
      }
    })();
    expect(isPortalError(error, "VALIDATION_ERROR") && error.fields).toEqual({ from: "errors.staff.day_filter" });
  });
});
