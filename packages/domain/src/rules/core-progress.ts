import { TOPICS_PER_SERVER_SUBJECT } from '../constants';

/** SPEC 9: overall core progress is the rounded mean over subjects (0 when there are none). */
export function overallCoreProgress(subjectPercents: readonly number[]): number {
  if (subjectPercents.length === 0) return 0;
  const sum = subjectPercents.reduce((total, value) => total + value, 0);
  return Math.round(sum / subjectPercents.length);
}

export interface SubjectTopicCounts {
  progress: number;
  completedTopics?: number | null;
  totalTopics?: number | null;
}

/**
 * DESIGN decision 4: real counts when the server sends them; otherwise SPEC 9's rule
 * "each server subject counts as 10 topics: completed = progress/100*10, rounded".
 */
export function subjectTopicCounts(subject: SubjectTopicCounts): { completed: number; total: number } {
  if (typeof subject.completedTopics === 'number' && typeof subject.totalTopics === 'number') {
    return { completed: subject.completedTopics, total: subject.totalTopics };
  }
  return {
    completed: Math.round((subject.progress / 100) * TOPICS_PER_SERVER_SUBJECT),
    total: TOPICS_PER_SERVER_SUBJECT,
  };
}

/** Percent of completed subtopics, rounded. */
export function percentOf(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((completed / total) * 100);
}
