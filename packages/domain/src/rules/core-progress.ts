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

/** One topic's lesson count and how many of them the learner completed. */
export interface TopicCompletion {
  total: number;
  completed: number;
}

export interface SubjectNumbers {
  progress: number;
  completedTopics: number;
  totalTopics: number;
  completedSubtopics: number;
  totalSubtopics: number;
}

/**
 * A subject's numbers from its topics: `progress` is the rounded percent of completed subtopics;
 * `completedTopics`/`totalTopics` count only topics that have lessons (an empty topic can be neither
 * done nor open), so 100% never stands beside an unfinished topic.
 */
export function subjectNumbers(topics: readonly TopicCompletion[]): SubjectNumbers {
  let completedSubtopics = 0;
  let totalSubtopics = 0;
  let completedTopics = 0;
  let totalTopics = 0;
  for (const topic of topics) {
    if (topic.total <= 0) continue;
    const completed = Math.min(topic.completed, topic.total);
    completedSubtopics += completed;
    totalSubtopics += topic.total;
    totalTopics += 1;
    if (completed >= topic.total) completedTopics += 1;
  }
  return {
    progress: percentOf(completedSubtopics, totalSubtopics),
    completedTopics,
    totalTopics,
    completedSubtopics,
    totalSubtopics,
  };
}
