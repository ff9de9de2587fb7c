import type { formFieldsEn } from "@/lib/i18n/messages/form-fields-en";

export const formFieldsZhCN: typeof formFieldsEn = {
  errorTitle: "错误：{title}",
  day: "日",
  month: "月",
  year: "年",
};
