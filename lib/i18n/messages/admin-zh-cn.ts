import { adminSearchZhCN } from "@/lib/i18n/messages/admin-search-zh-cn";
import { adminMerchantZhCN } from "@/lib/i18n/messages/admin-merchant-zh-cn";
import { adminEventEndpointsZhCN } from "@/lib/i18n/messages/admin-event-endpoints-zh-cn";
import { adminDeliveriesZhCN } from "@/lib/i18n/messages/admin-deliveries-zh-cn";
import { adminAuditKeysZhCN } from "@/lib/i18n/messages/admin-audit-keys-zh-cn";
import { adminClockZhCN } from "@/lib/i18n/messages/admin-clock-zh-cn";
import { adminReconZhCN } from "@/lib/i18n/messages/admin-recon-zh-cn";
import { adminDashboardZhCN } from "@/lib/i18n/messages/admin-dashboard-zh-cn";
import { adminOpsZhCN } from "@/lib/i18n/messages/admin-ops-zh-cn";
import { adminPrivacyZhCN } from "@/lib/i18n/messages/admin-privacy-zh-cn";
import { adminCaseZhCN } from "@/lib/i18n/messages/admin-case-zh-cn";
import { adminActionsZhCN } from "@/lib/i18n/messages/admin-actions-zh-cn";
import { adminQueueZhCN } from "@/lib/i18n/messages/admin-queue-zh-cn";
import type { Messages } from "@/lib/i18n/messages/en";
import { adminStaffZhCN } from "@/lib/i18n/messages/admin-staff-zh-cn";

// Simplified Chinese texts of the staff area (the shape of admin-en.ts).
export const adminZhCN: Messages["admin"] = {
  brand: "卡片门户 · 员工",
  nav: {
    label: "员工区",
    overview: "仪表板",
    applications: "申请",
    audit: "审计日志",
    staff: "员工",
    account: "您的账户",
    signOut: "退出登录",
    signedInAs: "已登录：{name}（{role}）",
  },
  roles: { admin: "管理员", agent: "处理专员", viewer: "只读" },
  signIn: {
    title: "员工登录",
    heading: "登录员工区",
    lead: "供商户员工跟进和处理卡片申请。",
    email: "电子邮箱地址",
    password: "密码",
    submit: "登录",
    submitting: "正在登录…",
    failed: "登录信息无效。请检查后重试；如已多次尝试，请稍等几分钟。",
    refused: "此账户无法在此登录。请联系门户管理员将您的邮箱地址添加为员工。",
    expired: "您的会话已结束，请重新登录。",
    oidcUnverified: "您公司账户的电子邮箱地址尚未验证。请先在公司的登录服务中完成验证，然后重试。",
    oidcDomain: "只有商户自有邮箱域名的公司账户可以在此登录。",
    or: "或",
    oidc: "使用公司账户登录",
    errorTitle: "出现问题",
  },
  forbidden: {
    title: "无权访问",
    heading: "您的角色无权执行此操作",
    body: "如需访问此页面或执行此操作，请联系门户管理员。",
    back: "返回仪表板",
  },
  dashboard: adminDashboardZhCN,
  queue: adminQueueZhCN,
  privacy: adminPrivacyZhCN,
  staffArea: adminStaffZhCN,
  case: adminCaseZhCN,
  actions: adminActionsZhCN,
  recon: adminReconZhCN,
  ops: adminOpsZhCN,
  search: adminSearchZhCN,
  merchant: adminMerchantZhCN,
  eventEndpoints: adminEventEndpointsZhCN,
  deliveries: adminDeliveriesZhCN,
  auditKeys: adminAuditKeysZhCN,
  clock: adminClockZhCN,
  states: {
    draft: "填写中",
    submitted: "已提交",
    kyc_pending: "等待身份验证",
    kyc_rejected: "身份验证未通过",
    approved: "已批准",
    card_issuing: "正在发卡",
    card_issued: "已发卡",
    failed: "失败",
  },
};
