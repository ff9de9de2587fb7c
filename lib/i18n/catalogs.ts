import type { Locale } from "@/lib/i18n/config";
import { en, type Messages } from "@/lib/i18n/messages/en";
import { zhCN } from "@/lib/i18n/messages/zh-cn";

// Every language's messages: for the server and tests. Client components get only the active
// language's cardholder messages through I18nProvider (see lib/i18n/client-catalog.ts).
export const catalogs: Record<Locale, Messages> = { en, "zh-CN": zhCN };
