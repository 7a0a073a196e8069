import { Button } from './button';

/** Previous and next buttons around "Page 2 of 5"; the buttons' words can say which way time runs. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  previous = 'Previous',
  next = 'Next',
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name, e.g. "Activity pages". */
  label: string;
  previous?: string;
  next?: string;
}) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <span className="text-sm text-muted">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </Button>
    </nav>
  );
}
