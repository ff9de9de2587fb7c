import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";

// The frame of every email: one column of 560 px, system fonts, the portal's colours (app/globals.css tokens) as
// inline styles, which is what Gmail, Outlook and Apple Mail all honour.

export const COLORS = { bg: "#f6f7f9", surface: "#ffffff", fg: "#14181f", muted: "#4a5361", border: "#d5dae1", brand: "#1d4ed8" };
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif";

export const textStyle = { fontSize: "16px", lineHeight: "24px", color: COLORS.fg, margin: "0 0 16px" };
export const smallStyle = { fontSize: "13px", lineHeight: "20px", color: COLORS.muted, margin: "0 0 8px" };

type Props = { locale: Locale; brand: string; preview: string; heading: string; footer: string[]; children: ReactNode };

export function MailLayout({ locale, brand, preview, heading, footer, children }: Props) {
  return (
    <Html lang={locale} dir="ltr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: COLORS.bg, fontFamily: FONT, margin: 0, padding: "24px 0" }}>
        <Container
          style={{ maxWidth: "560px", backgroundColor: COLORS.surface, border: `1px solid ${COLORS.border}`, borderRadius: "8px" }}
        >
          <div style={{ padding: "24px 32px 8px" }}>
            <Text style={{ ...smallStyle, fontWeight: 600, color: COLORS.brand, margin: "0 0 16px" }}>{brand}</Text>
            <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", color: COLORS.fg, margin: "0 0 16px" }}>
              {heading}
            </Heading>
            {children}
          </div>
          <Hr style={{ borderColor: COLORS.border, margin: "8px 0 0" }} />
          <div style={{ padding: "16px 32px 24px" }}>
            {footer.map((line) => (
              <Text key={line} style={smallStyle}>
                {line}
              </Text>
            ))}
          </div>
        </Container>
      </Body>
    </Html>
  );
}
