// A horizontal bar chart drawn on the server as SVG: no script, colours from the design tokens (currentColor for
// text), so it reads the same in both themes. It is a picture of a table shown beside it: hidden from screen readers.

export type Bar = { key: string; label: string; value: number; valueText: string; secondary?: { value: number; valueText: string } };

const ROW = 34;
const LABEL_W = 230;
const VALUE_W = 130;
const WIDTH = 640;

/** The label, cut to fit the label column (the full text is in the table). */
const fit = (text: string, max = 30) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function BarChart({ bars, title }: { bars: Bar[]; title: string }) {
  const rowHeight = bars.some((b) => b.secondary) ? ROW + 14 : ROW;
  const height = bars.length * rowHeight + 8;
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.secondary?.value ?? 0)));
  const span = WIDTH - LABEL_W - VALUE_W;
  const len = (v: number) => (v > 0 ? Math.max(2, (v / max) * span) : 0);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full text-fg" aria-hidden="true" focusable="false">
      <title>{title}</title>
      {bars.map((b, i) => {
        const y = i * rowHeight + 4;
        return (
          <g key={b.key}>
            <text x={0} y={y + 17} className="fill-current text-[13px]">
              {fit(b.label)}
            </text>
            <rect x={LABEL_W} y={y + 4} width={span} height={18} className="fill-surface-muted" rx={3} />
            <rect x={LABEL_W} y={y + 4} width={len(b.value)} height={18} className="fill-brand" rx={3} />
            <text x={LABEL_W + span + 8} y={y + 17} className="fill-current text-[13px] font-semibold">
              {b.valueText}
            </text>
            {b.secondary ? (
              <>
                <rect x={LABEL_W} y={y + 25} width={len(b.secondary.value)} height={8} className="fill-fg-muted" rx={2} />
                <text x={LABEL_W + span + 8} y={y + 34} className="fill-current text-[11px]">
                  {b.secondary.valueText}
                </text>
              </>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
