import { STEP_IDS } from "@/lib/requirements/types";

// The pages of one application's form that a save may continue to: a step or the review, maybe back to the review
// (`?from=review`). Anything else (another application, another site) is refused: no open redirect.

export function isFormPageOf(applicationId: string, href: string): boolean {
  const [path = "", query, ...rest] = href.split("?");
  const prefix = `/apply/${applicationId}/`;
  if (rest.length > 0 || !path.startsWith(prefix)) return false;
  const page = path.slice(prefix.length);
  return ((STEP_IDS as readonly string[]).includes(page) || page === "review") && (query === undefined || query === "from=review");
}
