import { describe, expect, it } from "vitest";
import { dateProblem, joinDate, shownParts, splitDate } from "@/lib/requirements/dates";

describe("three-part dates", () => {
  it("join day, month and year into YYYY-MM-DD, padding one digit", () => {
    expect(joinDate({ day: "7", month: "3", year: "1990" })).toBe("1990-03-07");
    expect(joinDate({ day: " 17 ", month: "11", year: "1990" })).toBe("1990-11-17");
    expect(joinDate({ day: "", month: "", year: "" })).toBe("");
    expect(joinDate({ day: "", month: "2", year: "1990" })).toBe("1990-02-");
    expect(splitDate("1990-02-")).toEqual({ year: "1990", month: "02", day: "" });
    expect(splitDate("nonsense")).toBeUndefined();
  });

  it("name the part with the problem", () => {
    expect(dateProblem("1990-02-17")).toBeUndefined();
    expect(dateProblem("1990-02-31")).toEqual({ key: "errors.field.date", part: "day" });
    expect(dateProblem("1990-13-01")).toEqual({ key: "errors.field.date", part: "month" });
    expect(dateProblem("1990-02-")).toEqual({ key: "errors.field.date_day", part: "day" });
    expect(dateProblem("1990--02")).toEqual({ key: "errors.field.date_month", part: "month" });
    expect(dateProblem("-02-02")).toEqual({ key: "errors.field.date_year", part: "year" });
    expect(dateProblem("90-02-02")).toEqual({ key: "errors.field.date_year", part: "year" });
    expect(dateProblem("1990--")).toEqual({ key: "errors.field.date", part: "day" });
  });
});

describe("a saved date's boxes", () => {
  it("show what a person types: no leading zeros in day and month", () => {
    expect(shownParts("1990-05-08")).toEqual({ day: "8", month: "5", year: "1990" });
    expect(shownParts("1990-12-10")).toEqual({ day: "10", month: "12", year: "1990" });
    expect(shownParts("1990--")).toEqual({ day: "", month: "", year: "1990" });
    expect(shownParts("")).toEqual({ day: "", month: "", year: "" });
  });
});
