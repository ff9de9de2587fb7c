import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFromZod, FORM_ERROR_PATH } from "@/lib/requirements/errors";

const errorOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected a failure");
  return r.error;
};

describe("fieldErrorsFromZod", () => {
  it("maps dotted paths to the first message key of each path", () => {
    const schema = z.object({
      name: z
        .string()
        .min(3, "errors.field.too_long")
        .regex(/^[a-z]+$/, "errors.field.name"),
      identity: z.object({ number: z.string("errors.field.required") }),
      list: z.array(z.object({ file_id: z.string("errors.field.file_id") })),
    });
    expect(fieldErrorsFromZod(errorOf(schema, { name: "A", identity: {}, list: [{}] }))).toEqual({
      name: "errors.field.too_long",
      "identity.number": "errors.field.required",
      "list.0.file_id": "errors.field.file_id",
    });
  });

  it("replaces messages that are not catalog keys, and reports payload-level errors on _form", () => {
    expect(fieldErrorsFromZod(errorOf(z.object({ a: z.string() }), { a: 1 }))).toEqual({ a: "errors.field.invalid" });
    expect(fieldErrorsFromZod(errorOf(z.object({}), "x"))).toEqual({ [FORM_ERROR_PATH]: "errors.field.invalid" });
  });

  it("keeps the keys a caller also knows (the staff area's, the route wrapper's), still the first of each path", () => {
    const schema = z.object({
      reason: z
        .string()
        .min(3, "admin.actions.fail.reasonShort")
        .regex(/^[a-z]+$/, "admin.actions.other"),
    });
    const error = errorOf(schema, { reason: "A" });
    expect(fieldErrorsFromZod(error)).toEqual({ reason: "errors.field.invalid" });
    expect(fieldErrorsFromZod(error, (m) => m.startsWith("admin.actions."))).toEqual({ reason: "admin.actions.fail.reasonShort" });
    expect(fieldErrorsFromZod(errorOf(z.object({ a: z.string() }), { a: 1 }), () => false)).toEqual({ a: "errors.field.invalid" });
  });
});
