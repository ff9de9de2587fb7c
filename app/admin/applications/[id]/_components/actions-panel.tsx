import type { ReactNode } from "react";
import type { Staff } from "@/lib/auth/staff";

// Placeholder: replaced at merge by the actions engineer's version (identity-check and resume links, retry,
// mark failed, reopen, corrections, THIRD_PARTY proofs, invites).
export async function ActionsPanel({ applicationId, staff }: { applicationId: string; staff: Staff }): Promise<ReactNode> {
  void applicationId;
  void staff;
  return null;
}
