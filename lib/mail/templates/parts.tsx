import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Translate } from "@/lib/i18n/translate";
import type { MailContext } from "@/lib/mail/messages";
import { COLORS, smallStyle, textStyle } from "@/lib/mail/templates/layout";

// Pieces several emails share: the one button with its copyable address, the support line, the footers.

/** The button, then the same address as text: some clients block buttons, and the plain-text part keeps it too. */
export function CallToAction({ href, label, t }: { href: string; label: string; t: Translate }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: COLORS.brand,
          color: "#ffffff",
          fontSize: "16px",
          fontWeight: 600,
          borderRadius: "6px",
          padding: "12px 20px",
        }}
      >
        {label}
      </Button>
      <Text style={{ ...smallStyle, margin: "16px 0 0" }}>{t("mail.common.buttonFallback")}</Text>
      <Text style={{ ...smallStyle, wordBreak: "break-all" }}>
        <Link href={href} style={{ color: COLORS.brand }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

export const Paragraph = ({ children }: { children: string }) => <Text style={textStyle}>{children}</Text>;

/** Where the applicant can turn (SUPPORT_EMAIL, SUPPORT_URL); nothing when the merchant set neither. */
export function supportLine(t: Translate, ctx: MailContext): string | undefined {
  const { email, url } = ctx.support;
  if (email && url) return t("mail.common.supportBoth", { email, url });
  const contact = email ?? url;
  return contact ? t("mail.common.support", { contact }) : undefined;
}

export const applicantFooter = (t: Translate, ctx: MailContext) =>
  [supportLine(t, ctx), t("mail.common.footerApplicant", { merchant: ctx.merchant })].filter((l): l is string => Boolean(l));

export const staffFooter = (t: Translate, ctx: MailContext) => [
  t("mail.common.footerStaff", { merchant: ctx.merchant }),
  t("mail.common.notYou"),
];

/** A time in the emails: UTC, written the same way in both languages ("2026-11-26 14:05"). */
export const utc = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ");
