import type { PublicEndpoint } from "@/lib/events/admin";
import type { Translate } from "@/lib/i18n/translate";

// An endpoint's state in words, the same on the list and on its own page: on, off by staff or after failures
// (since when), and a run of failures still under way.

export function endpointState(t: Translate, at: (iso: string) => string, e: PublicEndpoint): string[] {
  const lines: string[] = [];
  if (e.enabled) lines.push(t("admin.eventEndpoints.state.on"));
  else {
    const when = at(e.disabledAt ?? e.updatedAt);
    lines.push(
      t(e.disabledReason === "failures" ? "admin.eventEndpoints.state.offFailures" : "admin.eventEndpoints.state.offStaff", { when }),
    );
  }
  if (e.consecutiveFailures > 0 && e.failingSince) {
    lines.push(t("admin.eventEndpoints.state.failing", { count: String(e.consecutiveFailures), when: at(e.failingSince) }));
  }
  return lines;
}
