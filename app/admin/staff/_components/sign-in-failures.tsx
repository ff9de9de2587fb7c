/** One account's failed sign-ins as the staff page shows them: ready-made texts, the latest in a disclosure. */
export type FailuresCell = {
  summary: string;
  /** The disclosure's label, naming the account. */
  label: string;
  entries: Array<{ key: string; at: string; when: string; what: string; from: string }>;
};

/** How many sign-ins failed lately, and (on request) when, from where and how each one failed. */
export function SignInFailures({ cell, none }: { cell: FailuresCell | null; none: string }) {
  if (!cell) return <span className="text-fg-muted">{none}</span>;
  return (
    <div className="flex flex-col gap-1">
      <span className="font-semibold text-danger">{cell.summary}</span>
      {cell.entries.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm underline underline-offset-2">{cell.label}</summary>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {cell.entries.map((e) => (
              <li key={e.key}>
                <time dateTime={e.at}>{e.when}</time>: {e.what}, {e.from}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
