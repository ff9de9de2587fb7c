/**
 * The fields of a step in the reader's order: Chinese puts the family name (姓) before the given name (名), as on
 * the review page; other languages keep the plan's order.
 */
export function localFieldOrder<T extends { path: string }>(fields: T[], locale: string): T[] {
  if (locale !== "zh-CN") return fields;
  const given = fields.findIndex((f) => f.path === "first_name");
  const family = fields.findIndex((f) => f.path === "last_name");
  if (given < 0 || family < given) return fields;
  const out = [...fields];
  [out[given], out[family]] = [fields[family] as T, fields[given] as T];
  return out;
}
