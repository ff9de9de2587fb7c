import type { DetailPart } from "@/lib/admin/audit/log";
import { adminAuditKeysEn } from "@/lib/i18n/messages/admin-audit-keys-en";
import type { Translate } from "@/lib/i18n/translate";

type Key = keyof typeof adminAuditKeysEn;
const isKey = (k: string): k is Key => Object.hasOwn(adminAuditKeysEn, k);

/** A detail key in the reader's language; one the catalog does not name reads with spaces ("sessions ended"). */
export const keyLabel = (t: Translate, key: string) => (isKey(key) ? t(`admin.auditKeys.${key}`) : key.replace(/_/g, " "));

/** An audit entry's detail as labelled values ("Fields: email, mobile"), never raw keys and indexes. */
export function AuditDetail({ parts, t }: { parts: DetailPart[]; t: Translate }) {
  if (parts.length === 0) return null;
  return (
    <dl className="flex flex-col gap-0.5 text-xs">
      {parts.map((p) => (
        <div key={p.path.join(".")}>
          <dt className="inline font-semibold">{p.path.map((k) => keyLabel(t, k)).join(" › ")}:</dt>{" "}
          <dd className="inline font-mono break-words">{p.value}</dd>
        </div>
      ))}
    </dl>
  );
}
