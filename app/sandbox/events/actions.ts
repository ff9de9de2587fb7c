"use server";

import { notFound, redirect } from "next/navigation";
import { clearRequests, RECEIVER_MAX_FAIL_NEXT, receiverState, setFailNext } from "@/lib/events/sandbox-receiver/store";
import { getSandboxConfig } from "@/lib/sandbox/config";

// The receiver page's two controls (sandbox mode only). Plain form posts: they work before the page hydrates.

/** Forgets every received request. */
export async function clearReceived() {
  if (!getSandboxConfig().enabled) notFound();
  clearRequests(receiverState());
  redirect("/sandbox/events");
}

/** The next N posts are answered 500 (0 to stop); anything but a whole number 0..20 changes nothing and says so. */
export async function failNext(form: FormData) {
  if (!getSandboxConfig().enabled) notFound();
  const raw = String(form.get("count") ?? "").trim();
  const count = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(count) || count > RECEIVER_MAX_FAIL_NEXT) redirect("/sandbox/events?fail=invalid");
  setFailNext(receiverState(), count);
  redirect("/sandbox/events");
}
