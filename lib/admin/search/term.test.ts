import { describe, expect, it } from "vitest";
import { readSearchTerm } from "@/lib/admin/search/term";
import { referenceOf } from "@/lib/applications/reference";

// How the staff header's search box reads what it is given: the kind decides the index, and the page says it.

const APP = "app_K7qF2m9xAbCdEfGhIjKlMn";

describe("readSearchTerm", () => {
  it("reads ids by their shape", () => {
    expect(readSearchTerm(` ${APP} `)).toEqual({ kind: "application_id", text: APP });
    expect(readSearchTerm("ch_abc123")?.kind).toBe("cardholder_id");
    expect(readSearchTerm("card_9f8e")?.kind).toBe("card_id");
    expect(readSearchTerm("evt_0b6c2a1e-1111-4a4a-9999-000000000000")?.kind).toBe("event_id");
  });

  it("reads an email, and four digits (alone or masked) as a card's last four", () => {
    expect(readSearchTerm("Ada@Example.com")).toEqual({ kind: "email", text: "Ada@Example.com" });
    expect(readSearchTerm("4242")).toEqual({ kind: "last_four", text: "4242" });
    expect(readSearchTerm("**** 4242")).toEqual({ kind: "last_four", text: "4242" });
  });

  it("reads a phone number in any format as the national numbers it may stand for", () => {
    for (const typed of ["+44 7700 900123", "0044 7700-900123", "+44 (0) 7700 900123"]) {
      expect(readSearchTerm(typed), typed).toEqual({ kind: "phone", text: typed, nationalNumbers: ["7700900123"] });
    }
    const national = readSearchTerm("07700 900123");
    expect(national?.kind).toBe("phone");
    expect(national?.kind === "phone" && national.nationalNumbers).toEqual(expect.arrayContaining(["7700900123", "07700900123"]));
    expect(readSearchTerm("+999 1")?.kind).not.toBe("phone");
  });

  it("reads a short reference however it is typed, and a name otherwise", () => {
    const reference = referenceOf(APP);
    for (const typed of [reference, reference.toLowerCase(), reference.replace("-", "")]) {
      const term = readSearchTerm(typed);
      expect(term?.kind, typed).toBe("reference");
      expect(term?.kind === "reference" && term.prefix).toBe(APP.slice(0, 10));
    }
    expect(readSearchTerm("Zoë O'Brien")).toEqual({ kind: "name", text: "Zoë O'Brien" });
  });

  it("reads nothing in an empty box, and cuts a very long text", () => {
    expect(readSearchTerm("   ")).toBeUndefined();
    expect(readSearchTerm("a".repeat(500))?.text).toHaveLength(200);
  });
});
