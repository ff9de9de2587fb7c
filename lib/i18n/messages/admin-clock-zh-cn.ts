import type { adminClockEn } from "@/lib/i18n/messages/admin-clock-en";

// 员工区统一时钟的简体中文文本：账户页上的时区，以及日期筛选所用的时区。
export const adminClockZhCN: typeof adminClockEn = {
  daysIn: "日期按 {zone} 计算",
  heading: "您的时区",
  lead: "员工区的所有时间都按此时区显示并注明时区，日期筛选也按此时区的整天计算。首次登录时已采用您浏览器的时区。",
  current: "时间按 {zone} 显示。",
  notSet: "尚未选择时区：时间按 UTC 显示。",
  label: "时区",
  hint: "您所在时区的一个地点，例如 Asia/Shanghai 或 Europe/Paris。",
  choose: "请选择时区",
  submit: "保存时区",
  saved: "已保存：时间现按 {zone} 显示。",
};
