const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The track and the filled arc are the same circle. */
const RING = { cx: '50', cy: '50', r: RADIUS, fill: 'none', strokeWidth: '10' } as const;

/** A ring filled to `percent`, the number in its middle; read out as its label. */
export function CircularProgress({ percent, label }: { percent: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <svg viewBox="0 0 100 100" className="h-28 w-28 shrink-0" role="img" aria-label={label} data-testid="dsa-ring">
      <circle {...RING} className="stroke-slate-200 dark:stroke-slate-700" />
      <circle
        {...RING}
        strokeLinecap="round"
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
        transform="rotate(-90 50 50)"
        className="stroke-brand-600 transition-[stroke-dashoffset] duration-500 motion-reduce:transition-none"
      />
      <text x="50" y="50" textAnchor="middle" dominantBaseline="central" className="fill-current text-[20px] font-bold">
        {clamped}%
      </text>
    </svg>
  );
}
