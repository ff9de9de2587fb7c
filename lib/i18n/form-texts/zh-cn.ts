import { ERROR_TEXT_ZH_CN } from "@/lib/i18n/form-texts/zh-cn-errors";
import { LABEL_TEXT_ZH_CN } from "@/lib/i18n/form-texts/zh-cn-labels";
import { NAMED_ERROR_TEXT_ZH_CN } from "@/lib/i18n/form-texts/zh-cn-named";
import { EVENTS_ERROR_TEXT_ZH_CN } from "@/lib/i18n/form-texts/events-zh-cn";

// Simplified Chinese for every key of dynamicEn; the tests keep the two key sets identical.
export const dynamicZhCN: Readonly<Record<string, string>> = {
  ...LABEL_TEXT_ZH_CN,
  ...ERROR_TEXT_ZH_CN,
  ...NAMED_ERROR_TEXT_ZH_CN,
  ...EVENTS_ERROR_TEXT_ZH_CN,
};
