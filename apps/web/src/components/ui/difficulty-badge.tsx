import type { Difficulty } from '@learnbuild/domain/rules/dsa-stats';
import { Badge, type BadgeTone } from './badge';

export const DIFFICULTY_TONES: Record<Difficulty, BadgeTone> = { Easy: 'green', Medium: 'amber', Hard: 'red' };

export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  return <Badge tone={DIFFICULTY_TONES[difficulty]}>{difficulty}</Badge>;
}
