import { describe, expect, it } from "vitest";
import { optionsMarkup } from "@/components/ui/select-markup";

const options = [
  { value: "GB", label: "United Kingdom" },
  { value: "X&<", label: 'Tom & "Jerry" <b>', disabled: true },
];

describe("a long select's option markup", () => {
  it("marks the chosen option, escapes values and labels, keeps the placeholder first", () => {
    expect(optionsMarkup(options, "Choose a country", "GB").__html).toBe(
      '<option value="">Choose a country</option><option value="GB" selected>United Kingdom</option>' +
        '<option value="X&amp;&lt;" disabled>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</option>',
    );
    expect(optionsMarkup(options, "Choose", "").__html).toMatch(/^<option value="" selected>Choose<\/option>/);
    expect(optionsMarkup(options, undefined, "nope").__html).not.toContain("selected");
  });

  it("answers the same object for the same list, placeholder and value, so React never rewrites the select", () => {
    expect(optionsMarkup(options, "Choose", "GB")).toBe(optionsMarkup(options, "Choose", "GB"));
    expect(optionsMarkup(options, "Choose", "GB")).not.toBe(optionsMarkup(options, "Choose", "X&<"));
    expect(optionsMarkup([...options], "Choose", "GB")).not.toBe(optionsMarkup(options, "Choose", "GB"));
  });
});
