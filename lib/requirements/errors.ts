import type { z } from "zod";
import { isErrorKey, type ErrorKey } from "@/lib/requirements/error-keys";

/** Where errors that belong to no field (the payload itself is not an object) are reported. */
export const FORM_ERROR_PATH = "_form";

/**
 * The one mapping of a zod error to field errors: dotted path -> message key, the first issue of each path.
 * A message that is neither one of the cardholder form's keys nor `alsoKnown` (a zod default) becomes
 * "errors.field.invalid", so the UI can always translate. The staff area and the route wrapper name their own keys.
 */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, ErrorKey>;
export function fieldErrorsFromZod(error: z.ZodError, alsoKnown: (message: string) => boolean): Record<string, string>;
export function fieldErrorsFromZod(error: z.ZodError, alsoKnown: (message: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.length > 0 ? issue.path.map(String).join(".") : FORM_ERROR_PATH;
    const known = isErrorKey(issue.message) || alsoKnown(issue.message);
    if (!Object.hasOwn(out, path)) out[path] = known ? issue.message : "errors.field.invalid";
  }
  return out;
}
