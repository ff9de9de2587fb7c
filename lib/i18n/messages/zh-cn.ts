import { apiReferenceZhCN } from "@/lib/i18n/messages/api-reference-zh-cn";
import { formFieldsZhCN } from "@/lib/i18n/messages/form-fields-zh-cn";
import { privacyZhCN } from "@/lib/i18n/messages/privacy-zh-cn";
import { adminZhCN } from "@/lib/i18n/messages/admin-zh-cn";
import { applyZhCN } from "@/lib/i18n/messages/apply-zh-cn";
import { applyReviewZhCN } from "@/lib/i18n/messages/apply-review-zh-cn";
import { mailZhCN } from "@/lib/i18n/messages/mail-zh-cn";
import { sandboxEventsZhCN } from "@/lib/i18n/messages/sandbox-events-zh-cn";
import type { Messages } from "@/lib/i18n/messages/en";

export const zhCN: Messages = {
  meta: {
    title: "卡片门户",
    description: "申请您的支付卡：选择卡片、填写信息、验证身份并跟踪申请进度。",
  },
  shell: {
    skipLink: "跳到主要内容",
    brand: "卡片门户",
    primaryNav: "主导航",
    navApply: "申请卡片",
    language: "语言",
    switchTo: "English",
    switchToLabel: "Switch to English",
    sandboxBadge: "沙盒模式：不会发行真实卡片",
    footerNote: "您的身份数据保存在我们的服务器上，仅与发卡机构共享。",
    footerSource: "开源持卡人开户门户",
    privacyLink: "隐私声明：我们保存哪些数据、保存多久",
  },
  home: {
    heading: "几分钟内获得您的支付卡",
    lead: "选择卡片，填写简短表格，上传身份证件并完成身份验证。您可以随时暂停，稍后在本设备或手机上继续。",
    stepsHeading: "办理流程",
    step1: "选择适合您的卡片，并确认您符合申请条件。",
    step2: "填写个人信息并上传身份证件照片。",
    step3: "在合作方的安全页面完成身份验证。",
    step4: "在此跟踪申请进度，直到卡片发行。",
  },
  formFields: formFieldsZhCN,
  apply: applyZhCN,
  applyReview: applyReviewZhCN,
  admin: adminZhCN,
  privacy: privacyZhCN,
  apiReference: apiReferenceZhCN,
  mail: mailZhCN,
  sandboxEvents: sandboxEventsZhCN,
  errors: {
    notFoundTitle: "页面不存在",
    notFoundBody: "地址可能有误，或页面已移动。",
    backHome: "返回首页",
    genericTitle: "出现了问题",
    genericBody: "您填写的内容没有丢失。请稍后重试。",
    retry: "重试",
  },
};
