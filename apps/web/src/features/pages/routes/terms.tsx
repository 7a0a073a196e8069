import { ContentPage } from '../components/content-page';
import body from '../content/terms.md?raw';

export function TermsPage() {
  return <ContentPage title="Terms of Service" subtitle="The rules for using LearnBuild." body={body} />;
}
