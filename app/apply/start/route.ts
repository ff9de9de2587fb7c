import { NextResponse } from "next/server";
import { PortalError } from "@/lib/errors";
import { requestDeps, setAccessCookie } from "@/app/_lib/application-request";
import { startApplication } from "@/lib/applications/start";
import { isLocale } from "@/lib/i18n/config";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

// POST /apply/start - the "Apply for this card" form: works before (and without) JavaScript, then continues the form.
export async function POST(request: Request) {
  const deps = await requestDeps();
  const form = await request.formData().catch(() => undefined);
  const productId = form?.get("productId");
  const locale = form?.get("locale");
  try {
    if (typeof productId !== "string" || !productId) throw new PortalError("PRODUCT_UNAVAILABLE", "No product chosen.");
    const { app, bindingToken } = await startApplication(deps, { productId, locale: isLocale(locale) ? locale : undefined });
    return setAccessCookie(NextResponse.redirect(new URL(`/apply/${app.id}`, deps.appUrl), 303), app.id, `b.${bindingToken}`);
  } catch (error) {
    log.warn("apply.start_failed", { reason: error instanceof Error ? error.message : String(error) });
    return NextResponse.redirect(new URL("/?start=failed", deps.appUrl), 303);
  }
}
