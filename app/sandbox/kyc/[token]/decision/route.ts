import { NextResponse } from "next/server";
import { withAllowedHost } from "@/lib/api/route";
import { log } from "@/lib/log";
import { getSandboxConfig } from "@/lib/sandbox/config";
import { decideFromKycPage, returnUrlWithResult, safeReturnUrl, type KycPageDecision } from "@/lib/sandbox/kyc-page";

export const dynamic = "force-dynamic";

const plain = (body: string, status: number) =>
  new NextResponse(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

const isDecision = (v: unknown): v is KycPageDecision => v === "approve" || v === "reject";

// POST /sandbox/kyc/<token>/decision - the Approve / Reject form of the hosted KYC page. Answers 303
// so that the browser follows with a GET (a reload does not post the choice again).
export const POST = withAllowedHost(async (request: Request, ctx: { params: Promise<{ token: string }> }) => {
  const config = getSandboxConfig();
  if (!config.enabled) return plain("Not found", 404);
  const { token } = await ctx.params;

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return plain("Bad request: expected a form submission.", 400);
  }
  const decision = form.get("decision");
  if (!isDecision(decision)) return plain("Bad request: decision must be approve or reject.", 400);
  const rawReturn = form.get("return_url");
  const returnUrl = safeReturnUrl(typeof rawReturn === "string" ? rawReturn : undefined, config.appUrl);

  const state = await decideFromKycPage(token, decision);
  if (state.kind === "unknown") return plain("Not found", 404);
  log.info("sandbox.kyc_page.decision", { decision, outcome: state.kind === "decided" ? state.decision : state.kind });

  if (state.kind === "decided" && returnUrl) {
    return NextResponse.redirect(returnUrlWithResult(returnUrl, state.decision), 303);
  }
  // Back to the hosted page on the public origin (request.url may carry an internal host behind a proxy).
  const page = new URL(`/sandbox/kyc/${encodeURIComponent(token)}`, config.appUrl);
  if (returnUrl) page.searchParams.set("return_url", returnUrl);
  return NextResponse.redirect(page, 303);
});
