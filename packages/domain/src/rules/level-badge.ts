export type LevelBadge = 'Advanced' | 'Intermediate' | 'Beginner';

/** SPEC 9: Advanced at 80% or more, Intermediate at 50% or more, otherwise Beginner. */
export function levelBadge(percent: number): LevelBadge {
  if (percent >= 80) return 'Advanced';
  if (percent >= 50) return 'Intermediate';
  return 'Beginner';
}
