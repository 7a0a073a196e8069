import { useQueryClient } from '@tanstack/react-query';
import { Download, FileDown, FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useToast } from '@/components/ui/toast';
import { exportProgress } from '@/features/dsa/api/export-progress';
import { importProgress } from '@/features/dsa/api/import-progress';
import { dsaKeys } from '@/features/dsa/api/keys';
import type { FileFormat } from '@/features/dsa/download';
import { errorMessage } from '@/lib/api-client';
import { ImportDialog } from './import-dialog';

/** Export and import of one's own progress, so nothing is lost when moving accounts. */
export function ProgressBackupMenu() {
  const [importing, setImporting] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();
  const download = (format: FileFormat) =>
    exportProgress(format).catch((error: unknown) => toast(errorMessage(error, 'The export failed'), 'error'));
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary">
            <Download className="h-4 w-4" aria-hidden /> Backup
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => void download('json')}>
            <FileDown className="h-4 w-4" aria-hidden /> Export progress (JSON)
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void download('csv')}>
            <FileDown className="h-4 w-4" aria-hidden /> Export progress (CSV)
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setImporting(true)}>
            <FileUp className="h-4 w-4" aria-hidden /> Import progress...
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ImportDialog
        title="Import progress"
        description="Load a progress file exported from LearnBuild. Nothing is taken away: solves, bookmarks and notes are added to what you have."
        open={importing}
        onOpenChange={setImporting}
        run={importProgress}
        onImported={(reply) => {
          void queryClient.invalidateQueries({ queryKey: dsaKeys.all });
          toast(reply.message ?? 'Progress imported', 'success');
        }}
      />
    </>
  );
}
