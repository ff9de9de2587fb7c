import { clearReceived, failNext } from "@/app/sandbox/events/actions";
import { buttonClass, mutedClass, panelClass } from "@/app/sandbox/mail/styles";
import { RECEIVER_MAX_FAIL_NEXT } from "@/lib/events/sandbox-receiver/store";
import type { Translate } from "@/lib/i18n/translate";

// "Answer 500 to the next N deliveries" and "Clear the list": plain forms posting to the page's server actions.

export function ReceiverControls({ t, pending, invalid }: { t: Translate; pending: number; invalid: boolean }) {
  const max = RECEIVER_MAX_FAIL_NEXT;
  return (
    <section aria-labelledby="controls-heading" className={`${panelClass} flex flex-col gap-4`}>
      <h2 id="controls-heading" className="text-lg font-semibold">
        {t("sandboxEvents.controlsHeading")}
      </h2>
      <form action={failNext} className="flex flex-col gap-2">
        <label htmlFor="fail-count" className="font-semibold">
          {t("sandboxEvents.failLabel")}
        </label>
        <p id="fail-hint" className={mutedClass}>
          {t("sandboxEvents.failHint", { max })}
        </p>
        {invalid ? (
          <p id="fail-error" className="font-semibold text-red-800 dark:text-red-300">
            {t("sandboxEvents.failInvalid", { max })}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <input
            id="fail-count"
            name="count"
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            required
            defaultValue={pending}
            aria-describedby={invalid ? "fail-hint fail-error" : "fail-hint"}
            aria-invalid={invalid || undefined}
            className="min-h-11 w-24 rounded-md border border-zinc-500 bg-white px-3 dark:bg-zinc-900"
          />
          <button type="submit" className={buttonClass}>
            {t("sandboxEvents.failSubmit")}
          </button>
        </div>
        <p role="status" className="text-sm" data-testid="fail-pending">
          {t("sandboxEvents.failPending", { count: pending })}
        </p>
      </form>
      <form action={clearReceived}>
        <button type="submit" className={buttonClass}>
          {t("sandboxEvents.clear")}
        </button>
      </form>
    </section>
  );
}
