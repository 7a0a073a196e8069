import type { ScheduleItem } from '@learnbuild/domain/schemas/cohorts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export const DUE_STATE_LABEL: Record<ScheduleItem['state'], string> = {
  done: 'Done',
  overdue: 'Overdue',
  upcoming: 'Upcoming',
};

const TONE: Record<ScheduleItem['state'], BadgeTone> = { done: 'green', overdue: 'red', upcoming: 'neutral' };

export function DueStateBadge({ state }: { state: ScheduleItem['state'] }) {
  return <Badge tone={TONE[state]}>{DUE_STATE_LABEL[state]}</Badge>;
}
