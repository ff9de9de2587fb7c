import type { apiReferenceEn } from "@/lib/i18n/messages/api-reference-en";

// API 参考页面（/docs/api）的简体中文文本；各接口本身的说明来自 OpenAPI 文档。
export const apiReferenceZhCN: typeof apiReferenceEn = {
  title: "API 参考",
  heading: "门户 API 参考",
  lead: "门户 API 的每个接口：接收什么、返回什么、谁可以调用。与接口校验请求所用的是同一套模式。",
  download: "OpenAPI 3.1 文档（JSON）",
  contents: "目录",
  authHeading: "身份验证",
  errorsHeading: "错误",
  errors:
    '所有错误都使用 Error 模式：{"error":{"code","message","fields"}}，各状态码对应的错误代码列在每个接口下。被拒绝的字段在 fields 中给出其消息。',
  schemasHeading: "模式",
  access: "谁可以调用：",
  accessNone: "任何人",
  parameters: "参数",
  body: "请求正文",
  answers: "响应",
  errorAnswers: "错误响应（Error 模式）：{statuses}",
  required: "必填",
  optional: "可选",
  oneOf: "以下之一：",
  arrayOf: "列表：",
  anyValue: "任意值",
  values: "取值之一",
  schemeApplicant: "持有该申请的浏览器（其绑定 Cookie）",
  schemeStaff: "已登录的员工（会话 Cookie）",
  schemeMerchant: "商户的服务器（商户 API 密钥，Bearer）",
};
