// A horizontal bar chart drawn on the server: each bar an SVG scaled to its row, labels and values as text at the
// page's size (legible at any width). Colours come from the design tokens, so it reads the same in both themes.
// It pictures a table shown beside it, so it is hidden from screen readers.

export type Bar = { key: string; label: string; value: number; valueText: string; secondary?: { value: number; valueText: string } };

const share = (v: number, max: number) => (v > 0 ? Math.max(0.5, (v / max) * 100) : 0);

export function BarChart({ bars, title }: { bars: Bar[]; title: string }) {
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.secondary?.value ?? 0)));
  return (
    <div
      aria-hidden="true"
      data-chart={title}
      className="grid grid-cols-[minmax(7rem,12rem)_1fr_auto] items-center gap-x-3 gap-y-2 text-sm"
    >
      {bars.map((b) => (
        <div key={b.key} className="contents">
          <span className="leading-tight">{b.label}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-5 w-full" focusable="false">
            <rect x={0} y={0} width={100} height={b.secondary ? 6 : 10} className="fill-surface-muted" />
            <rect x={0} y={0} width={share(b.value, max)} height={b.secondary ? 6 : 10} className="fill-brand" />
            {b.secondary ? <rect x={0} y={7} width={share(b.secondary.value, max)} height={3} className="fill-fg-muted" /> : null}
          </svg>
          <span className="whitespace-nowrap text-right font-semibold tabular-nums">
            {b.valueText}
            {b.secondary ? <span className="block text-xs font-normal text-fg-muted">{b.secondary.valueText}</span> : null}
          </span>
        </div>
      ))}
    </div>
  );
}
