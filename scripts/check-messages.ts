// Fails the build when a message key used as data has no text in English or Simplified Chinese.
import { missingMessageKeys } from "../lib/i18n/key-check";
import { portalSources } from "../lib/i18n/key-check-files";

const problems = missingMessageKeys(portalSources(process.cwd()));
if (problems.length > 0) {
  console.error(`[messages] ${problems.length} message key(s) without a translation:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("[messages] every message key used has English and Chinese text");
