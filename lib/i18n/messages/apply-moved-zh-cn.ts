import type { Messages } from "@/lib/i18n/messages/en";

// 申请已通过个人链接转移到其他设备时，原浏览器看到的文本（issue #28 第 4 项），结构与 apply-moved-en.ts 相同。
export const applyMovedZhCN: Messages["apply"]["moved"] = {
  title: "已在其他设备上打开 – {page}",
  missingTitle: "请打开您的个人链接 – {page}",
  heading: "此申请现已在{device}上打开",
  since: "（自 {time} 起）",
  device: { phone: "您的手机", tablet: "您的平板电脑", computer: "您的电脑", other: "另一台设备" },
  why: "您的个人链接已在该设备上使用。为保护您填写的内容，一份申请同一时间只能在一个浏览器中打开。您已保存的内容没有丢失。",
  wayBack:
    "如需在此浏览器中继续，请申请一个新的个人链接：我们会将其发送到您填写的电子邮件地址。在此浏览器中打开该链接并选择“在此设备上继续”，申请即会转回这里，并在{device}上关闭。",
  send: "给我发送新链接",
  sending: "正在发送…",
  sent: "我们已将新链接发送到您填写的电子邮件地址。邮件可能需要一分钟才能送达，也请查看垃圾邮件文件夹。",
  sendAgain: "重新发送",
  limited: "您已多次申请新链接。请等待 {minutes} 分钟后再试。",
  failed: "邮件暂时未能发送。请稍后再试。",
  noEmail: "此申请尚未填写电子邮件地址，因此我们无法向您发送链接。它只能在{device}上继续。",
  mailOff: "它只能在{device}上继续。如需转回这里，请打开该设备上“稍后继续”中显示的个人链接。",
  gone: "此申请已无法在此浏览器中继续。",
  homeLead: "您在此浏览器中开始的申请现已在另一台设备上打开。",
  homeItem: "{name}，开始于 {date}：现已在{device}上打开",
  homeAction: "在此设备上取回",
  linkUsed:
    "如果此链接已在其他设备上使用，申请就在该设备上打开：请在该设备上继续。如需在之前打开它的浏览器中继续，请在那里打开此申请：页面会提供通过邮件发送新链接的选项。",
};
