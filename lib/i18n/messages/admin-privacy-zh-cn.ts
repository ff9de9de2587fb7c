import type { adminPrivacyEn } from "@/lib/i18n/messages/admin-privacy-en";

// 员工区中申请的隐私页（按请求导出或删除数据）的简体中文文本。
export const adminPrivacyZhCN: typeof adminPrivacyEn = {
  title: "申请人数据：导出或删除",
  heading: "导出或删除该申请人的数据",
  lead: "答复要求获取其数据副本或删除其数据的申请人。两项操作都会记入审计日志。",
  link: "导出或删除该申请人的数据",
  back: "返回申请",
  reference: "申请 {id}",
  notFound: "没有此编号的申请。",
  export: {
    heading: "导出",
    body: "一个 JSON 文件，包含申请人的回答、其上传的证件（列出发卡方的文件编号）、申请的时间线、内部备注、对发卡方的调用和 Webhook 事件。请通过安全渠道交给申请人。",
    button: "下载数据（JSON）",
  },
  erase: {
    heading: "删除",
    removed: "门户将删除该持卡人的回答、证件引用、备注、链接、搜索条目以及日志和 Webhook 事件的正文。",
    kept: "门户保留商户必须保留的编号、状态和日期、本次删除的记录（谁、何时、为何）以及审计日志。",
    issuerTitle: "发卡方仍持有的数据",
    issuer:
      "发卡方的 API 不提供删除功能。持卡人 {cardholder} 及其证件仍保存在发卡方：请联系发卡方支持人员删除，并注明该持卡人编号，保存其答复。",
    issuerNone: "尚未在发卡方创建持卡人，因此发卡方没有该申请的任何数据。",
    inFlight: "该申请在发卡方仍在处理中。请先将其标记为失败，然后再删除。",
    reason: "原因",
    reasonHint: "例如：2026 年 11 月 20 日通过电子邮件提出的请求。",
    confirm: "输入申请编号以确认",
    confirmHint: "输入 {id}",
    submit: "删除该申请人的数据",
    submitting: "正在删除…",
    errorTitle: "出现问题",
    failed: "无法删除数据，未做任何更改。请重试。",
    done: "已删除该申请人的数据。",
    erased: "已于 {date} 由 {staff} 删除。原因：{reason}",
    dropped: "保留期限规则已于 {date} 删除了该申请的回答。",
  },
};
