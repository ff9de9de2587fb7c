import { describe, expect, it } from "vitest";
import { changedEarlyAnswers, readEarlyAnswers } from "@/components/apply/early-answers";

describe("answers typed before the page was hydrated", () => {
  it("reads text, the chosen option and the checked radio, but not date boxes nor files", () => {
    const controls = [
      { name: "first_name", value: "Ad", type: "text" },
      { name: "nationality", value: "GB", type: "select-one" },
      { name: "gender", value: "1", type: "radio", checked: false },
      { name: "gender", value: "2", type: "radio", checked: true },
      { name: "birth_date-day", value: "8", type: "text" },
      { name: "identity.front_file_id", value: "C:\\fakepath\\a.png", type: "file" },
    ];
    expect([...readEarlyAnswers(controls)]).toEqual([
      ["first_name", "Ad"],
      ["nationality", "GB"],
      ["gender", "2"],
    ]);
  });

  it("keeps only what differs from the answers the page was rendered with, and nothing empty", () => {
    const early = new Map([
      ["first_name", "Ada"],
      ["last_name", ""],
      ["nationality", "GB"],
      ["gender", "2"],
    ]);
    const rendered: Record<string, unknown> = { nationality: "GB", gender: 2 };
    expect(changedEarlyAnswers(early, (path) => rendered[path])).toEqual([["first_name", "Ada"]]);
  });
});
