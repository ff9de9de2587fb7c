// Patterns the browser needs without the zod limits around them (lib/requirements/limits.ts re-exports them).
export const AREA_CODE_RE = /^\+\d{1,4}$/;
