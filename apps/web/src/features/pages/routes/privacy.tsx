import { ContentPage } from '@/features/pages/components/content-page';
import body from '@/features/pages/content/privacy.md?raw';

export function PrivacyPage() {
  return <ContentPage title="Privacy Policy" subtitle="What we keep, why, and how you stay in control." body={body} />;
}
