import { dynamicEn, dynamicZhCN } from "@/lib/i18n/form-texts";
import { knownGroupPaths, knownLeafPaths } from "@/lib/requirements/fields";
import { IDENTITY_TYPES, KYC_METHODS } from "@/lib/requirements/limits";
import { URL_PROBLEMS } from "@/lib/events/url-check";

// Message keys that travel as data (form plans, API error fields, failure reasons) escape the typed
// translator, so a missing one would reach the screen as "errors.file.x". This finds every such key
// in the sources and names those that either catalog lacks; the build and the unit tests run it.

/** Namespaces of the data-borne catalogs (lib/i18n/form-texts). */
const KEY_RE =
  /(["'`])((?:errors\.(?:field|file|staff)|events\.endpoint|hints|fields|groups|options|status\.failure)\.[A-Za-z0-9_.]*)(\$\{)?/g;

const UPLOAD_REFUSALS = ["FILE_EMPTY", "FILE_TOO_LARGE", "FILE_TYPE_NOT_ALLOWED", "FILE_CONTENT_MISMATCH"];
const STAFF_ERRORS = ["email_taken", "last_admin", "self", "password_length", "current_password"];
const lastName = (path: string) => path.slice(path.lastIndexOf(".") + 1);

/** Keys built in template literals, by their fixed start: every value the code can put after it. */
export const KEY_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  "errors.file.": UPLOAD_REFUSALS,
  "errors.staff.": STAFF_ERRORS,
  "errors.field.date_": ["day", "month", "year"],
  "events.endpoint.url.": URL_PROBLEMS,
  "fields.": knownLeafPaths(),
  "groups.": knownGroupPaths().map(lastName),
  "options.identity_type.": IDENTITY_TYPES.map((t) => t.toLowerCase()),
  "options.kyc_method.": KYC_METHODS.map((m) => m.toLowerCase()),
};

export type SourceFile = { path: string; text: string };

/** "file: key (missing in zh-CN)" for every data-borne key some catalog lacks, or an undeclared key family. */
export function missingMessageKeys(files: SourceFile[]): string[] {
  const problems: string[] = [];
  const check = (path: string, key: string) => {
    const lacking = [!Object.hasOwn(dynamicEn, key) && "en", !Object.hasOwn(dynamicZhCN, key) && "zh-CN"].filter(Boolean);
    if (lacking.length > 0) problems.push(`${path}: ${key} (missing in ${lacking.join(", ")})`);
  };
  for (const file of files) {
    for (const match of file.text.matchAll(KEY_RE)) {
      const [, quote = "", key = "", template] = match;
      if (quote === "`" && template) {
        const family = KEY_FAMILIES[key];
        if (!family) problems.push(`${file.path}: \`${key}\${...}\` builds keys of no declared family (lib/i18n/key-check.ts)`);
        for (const tail of family ?? []) check(file.path, `${key}${tail}`);
      } else if (!key.endsWith(".")) check(file.path, key);
    }
  }
  return problems;
}
