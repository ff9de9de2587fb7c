import { gateFormPost, seeOther } from "@/app/_lib/form-post";
import { setAccessCookie } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { startApplication } from "@/lib/applications/start";
import { openInvite } from "@/lib/applications/invite-token";
import { isLocale } from "@/lib/i18n/config";
import { emailSchema } from "@/lib/requirements/limits";
import { log } from "@/lib/log";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /apply/start - the "Apply for this card" form: works before (and without) JavaScript, then continues the form.
export async function POST(request: Request) {
  const gate = await gateFormPost(request, LIMITS.start, "/?start=limited");
  if (!gate.ok) return gate.response;
  const deps = await processDeps();
  const form = await request.formData().catch(() => undefined);
  const productId = form?.get("productId");
  const locale = form?.get("locale");
  // An invitation's email: used only when it is a valid address, otherwise the applicant types it.
  const email = emailSchema.safeParse(form?.get("email") ?? undefined);
  // The merchant's reference only from a token that opens, for this very card: an altered one starts a plain application.
  const token = form?.get("invite");
  const invite = typeof token === "string" && token ? openInvite(deps.keys, token, deps.now()) : undefined;
  const merchantReference = invite?.state === "valid" && invite.productId === productId ? invite.merchantReference : undefined;
  try {
    if (typeof productId !== "string" || !productId) throw new Error("no product chosen");
    const { app, bindingToken } = await startApplication(deps, {
      productId,
      locale: isLocale(locale) ? locale : undefined,
      email: email.success ? email.data : undefined,
      merchantReference,
      // The home page's eligibility answers; checked and used only where this card asks them.
      eligibility: { nationality: form?.get("nationality"), residence: form?.get("residence"), areaCode: form?.get("areaCode") },
    });
    return setAccessCookie(seeOther(new URL(`/apply/${app.id}`, deps.appUrl)), app.id, bindingToken);
  } catch (error) {
    log.warn("apply.start_failed", { reason: error instanceof Error ? error.message : String(error) });
    return seeOther(new URL("/?start=failed", deps.appUrl));
  }
}
