import type { z } from "zod";
import { isErrorKey, type ErrorKey } from "@/lib/requirements/error-keys";

/** Where errors that belong to no field (the payload itself is not an object) are reported. */
export const FORM_ERROR_PATH = "_form";

/**
 * Field errors for a form: dotted path -> message key, the first issue of each path.
 * Messages that are not one of our keys (a zod default) become "errors.field.invalid", so the UI can always translate.
 */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, ErrorKey> {
  const out: Record<string, ErrorKey> = {};
  for (const issue of error.issues) {
    const path = issue.path.length > 0 ? issue.path.map(String).join(".") : FORM_ERROR_PATH;
    if (!Object.hasOwn(out, path)) out[path] = isErrorKey(issue.message) ? issue.message : "errors.field.invalid";
  }
  return out;
}
