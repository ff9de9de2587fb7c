// The mail catcher's classes (zinc, like the sandbox's identity check page), shared by its two pages.

const focusRing =
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 dark:focus-visible:outline-zinc-100";
export const linkClass = `font-medium text-blue-800 underline underline-offset-2 hover:text-blue-600 dark:text-blue-300 ${focusRing}`;
export const panelClass = "rounded-lg border border-zinc-300 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-700 dark:bg-zinc-900";
export const buttonClass = `inline-flex min-h-11 items-center justify-center rounded-md bg-zinc-900 px-4 py-2 font-semibold text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 ${focusRing}`;
export const mutedClass = "text-sm text-zinc-600 dark:text-zinc-400";

/** Times as the catcher shows them: UTC, to the second, the same for every reader. */
export const utcTime = (d: Date) => `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
