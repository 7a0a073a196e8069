import type { ReactNode } from 'react';

const valueBox =
  'block max-h-48 overflow-auto rounded-md bg-muted px-2 py-1 font-mono text-xs whitespace-pre-wrap break-all';

/** A case's values as label and text pairs (Input, Expected, Your output...), each in a box that scrolls. */
export function CaseValues({ rows }: { rows: Array<[label: string, value: ReactNode] | null | false> }) {
  return (
    <dl className="grid gap-2 text-sm">
      {rows
        .filter((row): row is [string, ReactNode] => Boolean(row))
        .map(([label, value]) => (
          <div key={label}>
            <dt className="mb-0.5 text-xs font-medium text-muted">{label}</dt>
            <dd>
              <code className={valueBox}>{value}</code>
            </dd>
          </div>
        ))}
    </dl>
  );
}
