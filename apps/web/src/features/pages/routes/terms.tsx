import { ContentPage } from '@/features/pages/components/content-page';
import body from '@/features/pages/content/terms.md?raw';

export function TermsPage() {
  return <ContentPage title="Terms of Service" subtitle="The rules for using LearnBuild." body={body} />;
}
