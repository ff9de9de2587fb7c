import type { ApplicationView } from "@/lib/applications/view";
import type { MessageKey } from "@/lib/i18n/translate";

/** The status page's heading (and title) by stage: the card once issued, an ended application, else the application. */
export function statusHeadingKey(stage: ApplicationView["stage"]): MessageKey {
  if (stage === "issued") return "apply.status.headingIssued";
  if (stage === "rejected" || stage === "failed") return "apply.status.headingEnded";
  return "apply.status.heading";
}
