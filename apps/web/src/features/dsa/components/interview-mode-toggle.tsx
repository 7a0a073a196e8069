import { EyeOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Interview mode hides difficulty, topics and tags; see useInterviewMode. */
export function InterviewModeToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <Button
      variant={on ? 'primary' : 'secondary'}
      aria-pressed={on}
      onClick={() => onChange(!on)}
      title="Hide difficulty, topics and tags while you practise"
    >
      <EyeOff className="h-4 w-4" aria-hidden /> Interview mode{on ? ': on' : ''}
    </Button>
  );
}
