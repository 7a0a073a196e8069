import { useId } from 'react';
import { cn } from './class-names';

export interface BarDatum {
  /** Shown under the chart and in the table, e.g. a date. */
  label: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 160;

/** The smallest round even number at or above `max` (2, 4, 6, 10 × 10ⁿ), so both axis marks are whole. */
export function niceCeiling(max: number): number {
  if (max <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 4, 6, 10]) if (step * power >= max && (step * power) % 2 === 0) return step * power;
  return 10 * power;
}

/**
 * A bar chart drawn as SVG: the chart is one image with a title and a summary for screen readers,
 * each bar has its own tooltip, and the same numbers are one click away as a table.
 */
export function BarChart({
  title,
  data,
  unit,
  className,
  testId,
}: {
  title: string;
  data: readonly BarDatum[];
  /** The counted thing, singular and plural, e.g. ['sign-up', 'sign-ups']. */
  unit: readonly [string, string];
  className?: string;
  testId?: string;
}) {
  const id = useId();
  const max = Math.max(0, ...data.map((d) => d.value));
  const top = niceCeiling(max);
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const peak = data.find((d) => d.value === max);
  const count = (n: number) => `${n} ${n === 1 ? unit[0] : unit[1]}`;
  const summary =
    data.length === 0
      ? 'No data.'
      : `${count(total)} from ${data[0]!.label} to ${data.at(-1)!.label}` +
        (max > 0 && peak ? `; the most, ${count(max)}, on ${peak.label}.` : '.');
  const slot = WIDTH / Math.max(1, data.length);
  const barWidth = Math.max(1, slot * 0.7);

  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)} data-testid={testId}>
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-muted tabular-nums" aria-hidden>
          <span>{top}</span>
          <span>{top / 2}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full min-w-0 flex-1"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {[0, 0.5, 1].map((fraction) => (
            <line
              key={fraction}
              x1={0}
              x2={WIDTH}
              y1={HEIGHT - fraction * HEIGHT + (fraction === 0 ? -0.5 : fraction === 1 ? 0.5 : 0)}
              y2={HEIGHT - fraction * HEIGHT + (fraction === 0 ? -0.5 : fraction === 1 ? 0.5 : 0)}
              className="stroke-slate-200 dark:stroke-slate-700"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {data.map((d, index) => {
            const height = (d.value / top) * HEIGHT;
            return (
              <rect
                key={d.label}
                x={index * slot + (slot - barWidth) / 2}
                y={HEIGHT - height}
                width={barWidth}
                height={height}
                rx={Math.min(3, barWidth / 3)}
                className="fill-brand-500"
                data-value={d.value}
              >
                <title>{`${d.label}: ${count(d.value)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {data.length > 0 ? (
        <div className="flex justify-between pl-6 text-xs text-muted" aria-hidden>
          <span>{data[0]!.label}</span>
          <span>{data.at(-1)!.label}</span>
        </div>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700 dark:text-brand-200">Show the numbers as a table</summary>
        <div className="mt-2 max-h-60 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 font-medium">
                  {unit[1][0]!.toUpperCase() + unit[1].slice(1)}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.label} className="border-t border-default">
                  <td className="py-1 pr-4">{d.label}</td>
                  <td className="py-1 tabular-nums">{d.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
