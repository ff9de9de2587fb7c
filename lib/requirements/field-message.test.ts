import { describe, expect, it } from "vitest";
import { dynamicEn, dynamicZhCN } from "@/lib/i18n/form-texts";
import { DEFAULT_ERROR_TEXT } from "@/lib/requirements/error-keys";
import { fieldMessage, type MessageField } from "@/lib/requirements/field-message";
import { NAMED_ERROR_TEXT } from "@/lib/requirements/named-errors";

const en = (key: string) => (Object.hasOwn(dynamicEn, key) ? dynamicEn[key] : undefined);
const zh = (key: string) => (Object.hasOwn(dynamicZhCN, key) ? dynamicZhCN[key] : undefined);

const field = (path: string, input: MessageField["input"], labelKey = `fields.${path}`): MessageField => {
  const parts = path.split(".");
  return { path, name: parts.at(-1) ?? path, labelKey, input, group: parts.length > 1 ? parts.slice(0, -1).join(".") : undefined };
};

describe("fieldMessage", () => {
  it("names the field in a missing answer, by how it is answered", () => {
    expect(fieldMessage(en, field("first_name", "text"), "First name", "errors.field.required")).toEqual({
      text: "Enter your first name.",
      named: true,
    });
    expect(fieldMessage(en, field("nationality", "country"), "Nationality", "errors.field.required").text).toBe("Choose your nationality.");
    expect(fieldMessage(en, field("area_code", "tel"), "Country calling code", "errors.field.required").text).toBe(
      "Choose the country calling code.",
    );
    expect(fieldMessage(en, field("identity.front_file_id", "file"), "Front of the document", "errors.field.required").text).toBe(
      "Upload the front of the document.",
    );
    expect(fieldMessage(zh, field("first_name", "text"), "名字", "errors.field.required").text).toBe("请填写您的名字。");
  });

  it("puts the name first with a capital where the sentence starts with it, in English only", () => {
    expect(fieldMessage(en, field("birth_date", "date"), "Date of birth", "errors.field.date_month").text).toBe(
      "Your date of birth must include a month.",
    );
    expect(fieldMessage(en, field("identity.issue_date", "date"), "Issue date", "errors.field.date").text).toBe(
      "The issue date must be a real date.",
    );
    expect(fieldMessage(zh, field("identity.issue_date", "date"), "签发日期", "errors.field.date_day").text).toBe("签发日期须包含日。");
  });

  it("says which address a part belongs to, in the country's own word for the part", () => {
    expect(fieldMessage(en, field("residential_address.city", "text"), "City", "errors.field.required").text).toBe(
      "Enter the city of your home address.",
    );
    const county = field("delivery_address.state", "text", "addressParts.state_county");
    expect(fieldMessage(en, county, "County", "errors.field.required").text).toBe("Enter the county of the delivery address.");
    const zip = field("billing_address.postcode", "text", "addressParts.postcode_zip");
    expect(fieldMessage(en, zip, "ZIP code", "errors.field.postcode").text).toBe(
      "The ZIP code of your billing address must have 4 to 10 letters, digits, spaces or hyphens.",
    );
    expect(fieldMessage(en, field("billing_address.line1", "text"), "Address line 1", "errors.field.required").text).toBe(
      "Enter the first line of your billing address.",
    );
    expect(fieldMessage(zh, field("residential_address.city", "text"), "城市", "errors.field.required").text).toBe(
      "请填写居住地址的城市。",
    );
  });

  it("names a field the portal does not know by its label, and a one-name person's box as their name", () => {
    const loyalty = { ...field("loyalty_number", "text", "fields.unknown"), fallbackLabel: "Loyalty number" };
    expect(fieldMessage(en, loyalty, "Loyalty number", "errors.field.required").text).toBe("Enter the loyalty number.");
    expect(fieldMessage(en, field("last_name", "text", "oneName.label"), "Your name", "errors.field.required").text).toBe(
      "Enter your name.",
    );
  });

  it("keeps a message that already says what to do, and says that it does not name its field", () => {
    expect(fieldMessage(en, field("email", "email"), "Email address", "errors.field.email")).toEqual({
      text: DEFAULT_ERROR_TEXT["errors.field.email"],
      named: false,
    });
    expect(fieldMessage(en, field("x", "file"), "X", "errors.file.FILE_EMPTY").named).toBe(false);
    expect(fieldMessage(en, field("x", "text"), "X", "errors.field.no_such_key")).toEqual({
      text: DEFAULT_ERROR_TEXT["errors.field.invalid"],
      named: false,
    });
  });

  it("has a named form only for error keys that exist, each with a name placeholder", () => {
    for (const [key, text] of Object.entries(NAMED_ERROR_TEXT).filter(([k]) => k.startsWith("errors.named."))) {
      const suffix = key.slice("errors.named.".length);
      if (!suffix.startsWith("required_")) expect(Object.keys(DEFAULT_ERROR_TEXT), key).toContain(`errors.field.${suffix}`);
      expect(text, key).toMatch(/\{[Nn]ame\}/);
      expect(zh(key), key).toMatch(/\{name\}/);
    }
  });
});
