import { Card } from '@/components/ui/card';
import { Markdown } from '@/components/ui/markdown';
import { PageHeader } from '@/components/ui/page-header';

export function ContentPage({ title, subtitle, body }: { title: string; subtitle: string; body: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title={title} subtitle={subtitle} />
      <Card className="p-6 sm:p-8">
        <Markdown>{body}</Markdown>
      </Card>
    </div>
  );
}
