import { ContentPage } from '../components/content-page';
import body from '../content/careers.md?raw';

export function CareersPage() {
  return <ContentPage title="Careers" subtitle="Help developers learn, build and earn." body={body} />;
}
