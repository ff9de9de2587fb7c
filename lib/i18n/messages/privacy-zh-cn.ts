import type { privacyEn } from "@/lib/i18n/messages/privacy-en";

// 面向申请人的隐私声明（/privacy）的简体中文文本。
export const privacyZhCN: typeof privacyEn = {
  title: "隐私声明",
  heading: "我们如何处理您的数据",
  lead: "您申请卡片时本门户保存哪些数据、保存多久，以及如何申请获取副本或删除数据。",
  keptHeading: "我们保存的数据",
  kept1: "您的回答（姓名、出生日期、证件号码、联系方式和地址），在我们的服务器上加密保存。",
  kept2: "您上传的身份证件的引用。证件本身发送给发卡方，由发卡方保存。",
  kept3: "您的申请进度记录、我们对发卡方的调用记录以及发卡方的通知记录。",
  sharedHeading: "谁能看到",
  shared: "发卡方（用于核验您的身份并发卡）以及协助申请人的商户员工。员工看到的证件号码是遮蔽的；每次完整显示都会被记录。",
  howLongHeading: "保存多久",
  draft: "未完成的申请在您最后一次修改后 {days} 天删除。",
  logs: "我们对发卡方的调用记录、其通知记录以及您的卡片使用地点记录在 {days} 天后仅保留日期、金额和结果。",
  finished: "申请完成后，您的回答在最后一次变更后 {days} 天删除；日期、状态和卡片编号会保留。",
  rightsHeading: "您的权利",
  rights:
    "您可以要求获取我们所持有的关于您的数据副本，或要求删除这些数据。发卡方按其自身规则保存其副本：我们会告诉您发卡方持有哪些数据以及如何向其提出请求。",
  contactEmail: "请写信至 {contact}。",
  contactUrl: "请使用此表单：{contact}",
  contactNone: "请联系邀请您申请的商户。",
};
