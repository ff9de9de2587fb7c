import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";

export function SiteFooter({ t, sandbox }: { t: Translate; sandbox: boolean }) {
  return (
    <footer className="mt-section border-t border-border bg-surface">
      <div className="mx-auto flex max-w-page flex-col gap-2 px-gutter py-6 text-sm text-fg-muted">
        {sandbox ? (
          <p className="self-start rounded-control bg-warning-bg px-2 py-1 font-semibold text-warning">{t("shell.sandboxBadge")}</p>
        ) : null}
        <p>{t("shell.footerNote")}</p>
        <p>
          <Link href="/privacy">{t("shell.privacyLink")}</Link>
        </p>
        <p>{t("shell.footerSource")}</p>
      </div>
    </footer>
  );
}
