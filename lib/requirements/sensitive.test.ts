import { describe, expect, it } from "vitest";
import { maskAnswers, maskValue } from "@/lib/requirements/sensitive";

describe("sensitive answers", () => {
  it("shows the last 4 of numbers and the year of a birth date, nothing more", () => {
    expect(maskValue("identity.number", "P1234567")).toBe("****4567");
    expect(maskValue("ssn", "123456789")).toBe("*****6789");
    expect(maskValue("ssn", "123")).toBe("****");
    expect(maskValue("birth_date", "1990-05-17")).toBe("1990-**-**");
    expect(maskValue("birth_date", "garbage")).toBe("****-**-**");
  });

  it("masks every sensitive answer of a draft and leaves the rest as it was", () => {
    const draft = { first_name: "Ada", birth_date: "1990-05-17", ssn: "123456789", identity: { type: "PASSPORT", number: "P1234567" } };
    expect(maskAnswers(draft)).toEqual({
      first_name: "Ada",
      birth_date: "1990-**-**",
      ssn: "*****6789",
      identity: { type: "PASSPORT", number: "****4567" },
    });
    expect(maskAnswers({ first_name: "Ada" })).toEqual({ first_name: "Ada" });
    expect(JSON.stringify(maskAnswers(draft))).not.toMatch(/1234567|123456789|05-17/);
  });
});
