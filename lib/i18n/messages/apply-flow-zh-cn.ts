import type { Messages } from "@/lib/i18n/messages/en";

// 流程第二轮（问题 #13）的简体中文文本，结构与 apply-flow-en.ts 相同。
export const applyFlowZhCN: Messages["apply"]["flow"] = {
  draftChanged: "此页面打开后，这些回答已被更改（例如在另一个标签页中，或在您返回之前）。我们重新显示已保存的回答：请检查后再保存。",
  checkingHeading: "正在确认您的结果",
  checkingLead: "您已完成身份核验。我们正在向发卡机构确认结果，通常只需几秒钟。",
  slowHeading: "发卡机构响应缓慢",
  slowLead: "发卡机构已有一段时间没有响应。您的信息不会丢失：申请已保存，本页面会继续尝试。您也可以关闭页面，稍后再回来。",
  offlineHeading: "您的网络连接已断开",
  offlineLead: "此页面目前无法从您的设备连接到我们。您的信息不会丢失：申请会继续处理，网络恢复后本页面会立即更新。",
  portalSlow: "我们暂时无法获取您申请的最新状态。您的信息不会丢失，本页面会继续尝试。",
  issuerRetryingHeading: "正在等待发卡机构",
  issuerRetryingLead:
    "您的申请已获批准，但发卡机构目前没有响应。我们会继续请求发卡，完成后本页面会立即显示。您也可以关闭页面，稍后再回来。",
  kycExpiredHeading: "您的身份核验链接已过期",
  kycExpiredLead: "身份核验未在有效期内完成。请重新开始：大约需要两分钟。",
  kycStartAgain: "重新开始身份核验",
  kycStarting: "正在开始身份核验…",
  copyLink: "复制链接",
  linkCopied: "链接已复制。",
  copyFailed: "无法复制链接。请选中链接后自行复制。",
  continueHeading: "继续您的申请",
  continueLead: "此浏览器中有一份您尚未完成的申请。",
  continueItem: "{name}，开始于 {date}",
  continueDraft: "继续您的申请",
  continueSubmitted: "查看申请进度",
  acceptingHeading: "接受这些回答的卡片",
  acceptingLead: "根据这些回答，无法为您发放此卡。您可以改为申请以下卡片之一；您对这些问题的回答会一并带入。",
  acceptingNone: "我们的其他卡片也不接受这些回答。如果回答有误，请更正；否则请联系我们。",
  unknownCard: "银行卡申请",
};
