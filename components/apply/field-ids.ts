/** The DOM id of a plan field's control: the error summary links to it and focus lands on it. */
export const fieldDomId = (path: string) => `f-${path.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** A field's label: its own humanised name for descriptors the portal does not know, else the catalog text. */
export function labelOf(
  translate: (key: string, fallback?: string) => string,
  field: { labelKey: string; fallbackLabel?: string },
): string {
  return field.fallbackLabel && field.labelKey.endsWith(".unknown") ? field.fallbackLabel : translate(field.labelKey, field.fallbackLabel);
}

/** A Change link of the review page: the answer on its own step, which then saves back to the review. */
export const changeHref = (applicationId: string, step: string, path: string) =>
  `/apply/${applicationId}/${step}?from=review#${fieldDomId(path)}`;
