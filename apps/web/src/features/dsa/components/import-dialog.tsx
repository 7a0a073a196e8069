import type { ImportReply } from '@learnbuild/domain/schemas/dsa';
import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/field';
import type { ImportRequest } from '@/features/dsa/api/import-progress';
import { type FileFormat, formatOf } from '@/features/dsa/download';
import { errorMessage } from '@/lib/api-client';

type Reply = ImportReply & { report: ImportReply['report'] & { newTopics?: string[] } };

/** The report of a dry run or an import: counts, then one line per bad row. */
export function ImportReport({ reply }: { reply: Reply }) {
  const { report } = reply;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="import-report">
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['New', report.created],
            ['Updated', report.updated],
            ['Unchanged', report.unchanged],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-muted p-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {report.newTopics && report.newTopics.length > 0 ? (
        <p className="text-muted">New topics: {report.newTopics.join(', ')}</p>
      ) : null}
      {report.errors.length > 0 ? (
        <div>
          <p className="font-medium text-red-700 dark:text-red-300">
            {report.errors.length} {report.errors.length === 1 ? 'row has an error' : 'rows have errors'}:
          </p>
          <ul className="mt-1 max-h-40 overflow-y-auto rounded-lg border border-default p-2 text-xs">
            {report.errors.map((error) => (
              <li key={`${error.row}-${error.message}`}>
                <span className="font-semibold">Row {error.row}:</span> {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Pick a JSON or CSV file, see a dry-run report of what would change, then import. Bad rows
 * stop the import unless the user chooses to skip them.
 */
export function ImportDialog({
  title,
  description,
  open,
  onOpenChange,
  run,
  onImported,
}: {
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  run: (request: ImportRequest) => Promise<Reply>;
  onImported: (reply: Reply) => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; text: string; format: FileFormat } | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [reply, setReply] = useState<Reply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setReply(null);
    setError(null);
    setSkipInvalid(false);
  };
  const close = () => {
    reset();
    onOpenChange(false);
  };

  const pick = async (picked: File | undefined) => {
    setReply(null);
    setError(null);
    if (!picked) return setFile(null);
    if (picked.size > 1024 * 1024) return setError('The file is larger than 1 MB; split it into smaller files.');
    const text = await picked.text();
    const format = formatOf(picked, text);
    if (format === 'json') {
      try {
        JSON.parse(text);
      } catch {
        return setError('The file is not valid JSON.');
      }
    }
    setFile({ name: picked.name, text, format });
    await submit({ text, format, dryRun: true, skipInvalid: false });
  };

  const submit = async (request: ImportRequest) => {
    setBusy(true);
    setError(null);
    try {
      const result = await run(request);
      setReply(result);
      if (result.applied) {
        onImported(result);
        close();
      }
    } catch (caught) {
      setError(errorMessage(caught, 'The import failed'));
    } finally {
      setBusy(false);
    }
  };

  const errors = reply?.report.errors.length ?? 0;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent title={title} description={description}>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              JSON or CSV file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".json,.csv,application/json,text/csv"
              onChange={(event) => void pick(event.target.files?.[0])}
              className="text-sm file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-white"
            />
          </div>
          {busy && !reply ? <p className="text-sm text-muted">Checking the file...</p> : null}
          {reply ? (
            <>
              <p className="text-sm font-medium">
                {reply.dryRun ? 'Dry run: nothing has been written yet.' : reply.error}
              </p>
              <ImportReport reply={reply} />
            </>
          ) : null}
          <FormMessage message={error} tone="error" />
          {file && reply && errors > 0 ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={skipInvalid}
                onChange={(event) => setSkipInvalid(event.target.checked)}
                className="h-4 w-4 accent-brand-600"
              />
              Skip the {errors} bad {errors === 1 ? 'row' : 'rows'} and import the rest
            </label>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={!file || !reply || busy || (errors > 0 && !skipInvalid)}
              onClick={() => file && void submit({ text: file.text, format: file.format, dryRun: false, skipInvalid })}
            >
              <FileUp className="h-4 w-4" aria-hidden /> {busy ? 'Importing...' : 'Import'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
