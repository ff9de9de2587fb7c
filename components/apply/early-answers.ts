// What a person typed into the server's HTML before the page's script ran. On a slow phone the first step shows
// for seconds before it is hydrated; its boxes are live, so their values are read once while hydrating and given
// to the form, rather than lost. Date boxes are kept by the date field itself.

/** What is read of a form control (an <input> or a <select> has these). */
export type ControlLike = { name: string; value: string; type: string; checked?: boolean };

const DATE_PART = /-(day|month|year)$/;

/** The form's controls that carry an answer, for readEarlyAnswers. */
export const controlsOf = (form: HTMLElement | null): ControlLike[] =>
  form ? Array.from(form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input[name], select[name]")) : [];

/** The answers in the controls now (name to value): text, chosen options, checked radios; date boxes and files aside. */
export function readEarlyAnswers(controls: Iterable<ControlLike>): Map<string, string> {
  const answers = new Map<string, string>();
  for (const control of controls) {
    if (DATE_PART.test(control.name) || control.type === "file") continue;
    if ((control.type === "radio" || control.type === "checkbox") && !control.checked) continue;
    answers.set(control.name, control.value);
  }
  return answers;
}

/** The early answers that differ from what the page was rendered with (`current` reads a path's value). */
export function changedEarlyAnswers(early: Map<string, string>, current: (path: string) => unknown): Array<[string, string]> {
  return [...early].filter(([path, value]) => {
    const now = current(path);
    return value !== "" && value !== (now === undefined || now === null ? "" : String(now));
  });
}
