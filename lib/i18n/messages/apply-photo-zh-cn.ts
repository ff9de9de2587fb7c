import type { Messages } from "@/lib/i18n/messages/en";

// 证件照片（issue #28）：上传前的检查，以及等待上传完成的保存。
export const applyPhotoZhCN: Messages["apply"]["photo"] = {
  checking: "正在检查照片…",
  question: "整个证件都在照片里，并且清晰吗？",
  questionHint: "四个角都应在画面内，每一行文字都应能看清。",
  previewAlt: "将要发送的照片",
  ready: "待发送：{size}，{width} × {height} 像素，已去除位置等隐藏信息。",
  use: "使用这张照片",
  retake: "重拍",
  blurred: "照片看起来模糊。请重拍：拿稳手机，光线充足，让每一行文字都清晰。",
  screenshot: "这看起来是一张截屏。请重拍：直接拍摄证件本身，而不是屏幕。",
  stillUse: "如果每一行文字都清晰可读，您仍可使用这张照片。",
  tooSmall: "图片太小，无法看清证件（小于 600 × 400 像素）。请靠近重拍，或选择更大的照片或扫描件。",
  unreadable: "无法打开该图片。请重拍，或选择 JPG、PNG 或 HEIC 文件。",
  chooseFirst: "请先查看照片，然后选择「使用这张照片」或「重拍」。",
  waiting: "正在等待上传完成…",
};
