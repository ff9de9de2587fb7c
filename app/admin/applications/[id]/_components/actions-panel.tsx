import type { ReactNode } from "react";
import { ConfirmAction } from "@/app/admin/applications/[id]/_components/confirm-action";
import { CorrectionForm } from "@/app/admin/applications/[id]/_components/correction-form";
import { LinkAction } from "@/app/admin/applications/[id]/_components/link-action";
import { ThirdPartyForm } from "@/app/admin/applications/[id]/_components/third-party-form";
import { actionsPanelData } from "@/lib/admin/case/actions/panel";
import type { StaffActionKey } from "@/lib/admin/case/actions/rules";
import { can } from "@/lib/auth/roles";
import type { Staff } from "@/lib/auth/current-staff";
import { getTranslator } from "@/lib/i18n/server";
import { countrySelectOptions } from "@/lib/i18n/countries";
import { COUNTRY_CODES } from "@/lib/countries";
import type { MessageKey } from "@/lib/i18n/translate";

/**
 * The actions that apply to the application in its current state, for agents and admins; a viewer gets none.
 * Each action checks its rule and the staff member's role again on the server (lib/admin/case/actions, staffRoute).
 */
export async function ActionsPanel({ applicationId, staff }: { applicationId: string; staff: Staff }): Promise<ReactNode> {
  if (!can(staff.role, "work")) return null;
  const { t, locale } = await getTranslator();
  const { actions, correction, correctionRules, mailEnabled } = await actionsPanelData(applicationId);
  const api = `/api/admin/applications/${applicationId}`;
  const a = (key: string) => t(`admin.actions.${key}` as MessageKey);
  const send = (linkKind: "resume" | "kyc") => (mailEnabled ? { endpoint: `${api}/send-link`, linkKind } : undefined);
  const blocks: Record<StaffActionKey, ReactNode> = {
    kyc_link: (
      <LinkAction endpoint={`${api}/kyc-link`} button={a("kyc.button")} hint={a("kyc.hint")} result={a("kyc.result")} send={send("kyc")} />
    ),
    resume_link: (
      <LinkAction
        endpoint={`${api}/resume-link`}
        button={a("resume.button")}
        hint={a("resume.hint")}
        result={a("resume.result")}
        send={send("resume")}
      />
    ),
    retry_card: <ConfirmAction endpoint={`${api}/retry-card`} name="retry" />,
    reopen: <ConfirmAction endpoint={`${api}/reopen`} name="reopen" />,
    third_party: <ThirdPartyForm endpoint={`${api}/third-party`} />,
    correct: (
      <CorrectionForm
        endpoint={`${api}/cardholder`}
        values={correction}
        countries={countrySelectOptions(COUNTRY_CODES, locale)}
        {...correctionRules}
      />
    ),
    mark_failed: <ConfirmAction endpoint={`${api}/fail`} name="fail" variant="danger" withReason />,
  };
  const titles: Record<StaffActionKey, string> = {
    kyc_link: a("kyc.title"),
    resume_link: a("resume.title"),
    retry_card: a("retry.title"),
    reopen: a("reopen.title"),
    third_party: a("thirdParty.title"),
    correct: a("correct.title"),
    mark_failed: a("fail.title"),
  };
  return (
    <section aria-labelledby="actions-heading" className="flex flex-col gap-4">
      <h2 id="actions-heading" className="text-2xl font-semibold">
        {a("heading")}
      </h2>
      {actions.length === 0 ? <p className="text-fg-muted">{a("none")}</p> : null}
      {actions.map((key) => (
        <section key={key} aria-labelledby={`action-${key}`} className="rounded-card border border-border bg-surface p-5">
          <h3 id={`action-${key}`} className="text-lg font-semibold">
            {titles[key]}
          </h3>
          {key === "correct" ? <p className="mt-1 text-sm text-fg-muted">{a("correct.hint")}</p> : null}
          {key === "third_party" ? <p className="mt-1 text-sm text-fg-muted">{a("thirdParty.hint")}</p> : null}
          <div className="mt-2">{blocks[key]}</div>
        </section>
      ))}
    </section>
  );
}
