import { useQueryClient } from '@tanstack/react-query';
import { FileDown, FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { exportProblems } from '@/features/dsa/api/export-problems';
import { useProblems } from '@/features/dsa/api/get-problems';
import { useTopics } from '@/features/dsa/api/get-topics';
import { importProblems } from '@/features/dsa/api/import-problems';
import { dsaKeys } from '@/features/dsa/api/keys';
import { ImportDialog } from '@/features/dsa/components/import-dialog';
import { ProblemsPanel } from '@/features/dsa/components/management/problems-panel';
import { TopicsPanel } from '@/features/dsa/components/management/topics-panel';
import { SheetSkeleton } from '@/features/dsa/components/sheet-skeleton';
import type { FileFormat } from '@/features/dsa/download';
import { errorMessage } from '@/lib/api-client';

const ALL = {};

/** /dsa-management and /admin/dsa: problems and topics for Instructors and Admins (DESIGN decision 1). */
export function DsaManagementPage() {
  const problems = useProblems(ALL);
  const topics = useTopics();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const download = (format: FileFormat) =>
    exportProblems(format).catch((error: unknown) => toast(errorMessage(error, 'The export failed'), 'error'));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHeader
        title="DSA Management"
        subtitle="Add, edit, reorder and retire problems and topics. Every learner's sheet changes at once."
        actions={
          <>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <FileUp className="h-4 w-4" aria-hidden /> Import
            </Button>
            <Button variant="secondary" onClick={() => void download('json')}>
              <FileDown className="h-4 w-4" aria-hidden /> Export JSON
            </Button>
            <Button variant="secondary" onClick={() => void download('csv')}>
              <FileDown className="h-4 w-4" aria-hidden /> Export CSV
            </Button>
          </>
        }
      />
      {problems.isPending || topics.isPending ? (
        <SheetSkeleton />
      ) : problems.isError || topics.isError ? (
        <EmptyState
          icon={FileDown}
          title="The problem bank could not be loaded"
          action={
            <Button
              onClick={() => {
                void problems.refetch();
                void topics.refetch();
              }}
            >
              Try again
            </Button>
          }
        >
          {errorMessage(problems.error ?? topics.error, 'Please check your connection and try again.')}
        </EmptyState>
      ) : (
        <Tabs defaultValue="problems" className="flex flex-col gap-5">
          <TabsList aria-label="Manage" className="self-start">
            <TabsTrigger value="problems">Problems ({problems.data.length})</TabsTrigger>
            <TabsTrigger value="topics">Topics ({topics.data.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="problems">
            <ProblemsPanel problems={problems.data} topics={topics.data} />
          </TabsContent>
          <TabsContent value="topics">
            <TopicsPanel topics={topics.data} />
          </TabsContent>
        </Tabs>
      )}
      <ImportDialog
        title="Import problems"
        description="JSON (the export format, or a list) or CSV with the columns slug, title, step, topic, difficulty, url, altUrl, tags (tags separated by |). Problems are matched by slug; missing topics are created."
        open={importing}
        onOpenChange={setImporting}
        run={importProblems}
        onImported={(reply) => {
          void queryClient.invalidateQueries({ queryKey: dsaKeys.all });
          toast(reply.message ?? 'Import done', 'success');
        }}
      />
    </div>
  );
}
