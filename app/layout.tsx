import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { I18nProvider } from "@/components/i18n/i18n-provider";
import { getEnv } from "@/lib/env";
import { clientCatalog } from "@/lib/i18n/client-catalog";
import { getTranslator } from "@/lib/i18n/server";
import "./globals.css";

// Icons, manifest and the social preview come from public/ (scripts/icons.mjs renders them from icon.svg).
export async function generateMetadata(): Promise<Metadata> {
  const { t, locale } = await getTranslator();
  const title = t("meta.title");
  const description = t("meta.description");
  const image = { url: "/og-image.png", width: 1200, height: 630, alt: title };
  return {
    metadataBase: new URL(getEnv().appUrl),
    title: { default: title, template: `%s · ${title}` },
    description,
    applicationName: title,
    manifest: "/manifest.webmanifest",
    icons: {
      icon: [
        { url: "/favicon.ico", sizes: "48x48" },
        { url: "/icon.svg", type: "image/svg+xml" },
      ],
      apple: "/apple-touch-icon.png",
    },
    openGraph: { type: "website", siteName: title, title, description, locale: locale.replace("-", "_"), images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image.url] },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#161b22" },
  ],
};

// The document and the skip link; the portal's chrome lives in app/(portal)/layout.tsx.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await getTranslator();
  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-surface focus:p-3 focus:font-semibold"
        >
          {t("shell.skipLink")}
        </a>
        <I18nProvider locale={locale} catalog={clientCatalog(locale)}>
          {children}
        </I18nProvider>
      </body>
    </html>
  );
}
