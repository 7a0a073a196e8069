import { ContentPage } from '@/features/pages/components/content-page';
import body from '@/features/pages/content/careers.md?raw';

export function CareersPage() {
  return <ContentPage title="Careers" subtitle="Help developers learn, build and earn." body={body} />;
}
