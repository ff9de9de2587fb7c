import type { Messages } from "@/lib/i18n/messages/en";

// 核对信息页的分组行，以及申请结束时（已发卡、被拒、失败）的文字。结构与英文版一致。
export const applyReviewZhCN: Messages["applyReview"] = {
  review: {
    name: "姓名",
    phone: "手机号码",
    address: "地址",
    notGiven: "未填写",
    sameAsBilling: "与账单地址相同",
    fieldIn: "{group}：{field}",
    leadNoKyc: "如有不正确之处请修改。提交后，我们会与发卡机构核对您的信息并为您发卡，无需身份核验。",
  },
  status: {
    notReached: "未进行",
    referenceHint: "联系商户时请提供此编号。",
    issuedNext: "您的卡片已准备就绪，可在商户的应用中使用。",
    issuedNextLink: "前往商户应用",
    issuedNoLink: "您的卡片已准备就绪，可在商户的应用或网站中找到。",
    closed: "此申请已结束，不会再有后续处理。",
    what: {
      kycRejected: "身份核验未能确认您的身份，因此发卡机构无法为您发行此卡。",
      cardholderFailed: "发卡机构未批准您的申请，因此无法发行此卡。",
      countryRestriction: "此卡不支持您所在的国家或地区，因此无法发行。",
      fieldsIncomplete: "发卡机构需要的部分信息未包含在此申请中，因此未能发卡。",
      referenceExists: "此身份验证记录已用于另一笔申请，因此本申请无法继续。",
      other: "发卡机构未能完成您的申请，因此没有发卡。",
    },
    contactMerchant: "联系商户客服，并提供您的申请编号 {reference}。他们可以告诉您详情，以及您是否可以重新申请。",
    supportVia: "客服：",
    noCheckCards: "您仍可申请无需身份核验的卡片：",
    otherCards: "您或许可以申请其他卡片：",
  },
};
