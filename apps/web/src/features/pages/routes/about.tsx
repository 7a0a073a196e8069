import { ContentPage } from '../components/content-page';
import body from '../content/about.md?raw';

export function AboutPage() {
  return <ContentPage title="About Us" subtitle="Learn, build, earn." body={body} />;
}
