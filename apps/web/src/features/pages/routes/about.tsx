import { ContentPage } from '@/features/pages/components/content-page';
import body from '@/features/pages/content/about.md?raw';

export function AboutPage() {
  return <ContentPage title="About Us" subtitle="Learn, build, earn." body={body} />;
}
