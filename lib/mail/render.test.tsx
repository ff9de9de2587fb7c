import { describe, expect, it } from "vitest";
import type { MailKind } from "@/lib/db/schema/mail";
import { LOCALES } from "@/lib/i18n/config";
import type { MailParams } from "@/lib/mail/messages";
import { renderMail, subjectOf } from "@/lib/mail/render";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";

// Every message in both languages: the plain-text part carries each link of the HTML part, no text is a missing
// catalog key, and the plain text is kept as a snapshot a person reviews with each change (__snapshots__).

const LINK = "https://portal.test/apply/resume/" + "T".repeat(43);
const SAMPLES: { [K in MailKind]: MailParams[K] } = {
  resume_link: { link: LINK, expires: "2026-12-10T09:30:00Z" },
  kyc_reminder: { link: LINK, expires: "2026-12-10T09:30:00Z", last: true },
  kyc_rejected: { reference: "K7QF-2M9X", what: "kycRejected" },
  card_issued: { reference: "K7QF-2M9X" },
  application_failed: { reference: "K7QF-2M9X", what: "countryRestriction" },
  staff_link: { link: "https://kyc.issuer.example/v/abc?x=1&y=2", linkKind: "kyc", expires: "2026-11-26T10:00:00Z" },
  staff_invite: { link: "https://portal.test/admin/set-password/" + "S".repeat(43), expires: "2026-12-03T09:00:00Z", role: "agent" },
  staff_password_reset: { link: "https://portal.test/admin/set-password/" + "P".repeat(43), expires: "2026-12-03T09:00:00Z" },
  admin_digest: {
    at: "2026-11-26T07:00:00Z",
    hour: 7,
    attention: 12,
    failedMail: 1,
    poisonedWebhooks: 0,
    disabledEndpoints: 0,
    queueUrl: "https://portal.test/admin/applications?attention=1",
  },
};
const KINDS = Object.keys(SAMPLES) as MailKind[];
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe.each(LOCALES)("the emails in %s", (locale) => {
  it.each(KINDS)("%s: the plain text carries every link, the merchant's name, no missing text", async (kind) => {
    const mail = await renderMail({ kind, locale, params: SAMPLES[kind] } as never, TEST_MAIL_SETTINGS.ctx);
    expect(mail.subject).toBe(subjectOf({ kind, locale, params: SAMPLES[kind] } as never, TEST_MAIL_SETTINGS.ctx));
    expect(mail.subject).toContain("Example Cards");
    expect(mail.html).toContain(`lang="${locale}"`);
    const links = hrefs(mail.html);
    // Only the two endings without a card have nothing to follow (the support line is text).
    expect(links.length > 0 || ["kyc_rejected", "application_failed"].includes(kind)).toBe(true);
    for (const link of links) expect(mail.text).toContain(link);
    // A key the catalog lacks renders as itself ("mail.x.y"): none may.
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\b(mail|apply|applyReview)\.[a-zA-Z]+\.[a-zA-Z.]+/);
    expect(mail.text).toMatchSnapshot();
  });
});

it("names the merchant's support where the applicant is told to contact the merchant, and nothing when none is set", async () => {
  const withSupport = await renderMail({ kind: "kyc_rejected", locale: "en", params: SAMPLES.kyc_rejected }, TEST_MAIL_SETTINGS.ctx);
  expect(withSupport.text).toContain("Questions? Contact help@merchant.example or visit https://merchant.example/help.");
  const none = { ...TEST_MAIL_SETTINGS.ctx, support: { url: undefined, email: undefined } };
  expect((await renderMail({ kind: "kyc_rejected", locale: "en", params: SAMPLES.kyc_rejected }, none)).text).not.toContain("Questions?");
});
