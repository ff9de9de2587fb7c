// 外发事件拒绝原因的中文文本（lib/events/endpoints.ts、url-check.ts），显示在 /admin/events 的端点表单字段旁。
export const EVENTS_ERROR_TEXT_ZH_CN: Readonly<Record<string, string>> = {
  "events.endpoint.url.invalid": "请输入端点的完整地址，例如 https://example.com/events（不超过 2048 个字符）。",
  "events.endpoint.url.scheme": "地址必须以 https:// 开头。仅沙盒模式接受 http://。",
  "events.endpoint.url.userinfo": "请从地址中删除用户名和密码；事件改用签名密钥签名。",
  "events.endpoint.url.private_address":
    "此地址位于内部网络（例如 localhost、10.x 或 192.168.x），正式模式下不允许使用。请使用端点的公网地址。",
  "events.endpoint.url.unresolved": "找不到此主机名。请检查地址，或在其 DNS 记录生效后重试。",
  "events.endpoint.types": "请至少选择一种事件类型，或勾选“所有事件”。",
  "events.endpoint.description": "说明请不要超过 200 个字符。",
  "events.endpoint.overlap": "请选择旧密钥继续有效的时长：0 至 168 小时。",
};
