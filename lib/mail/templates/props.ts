import type { MailKind } from "@/lib/db/schema/mail";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import type { MailContext, MailParams } from "@/lib/mail/messages";

/** What every message component gets: its catalog, the merchant's context and its own parameters. */
export type TemplateProps<K extends MailKind> = { t: Translate; locale: Locale; ctx: MailContext; params: MailParams[K] };
