import type { CourseDetail } from '@learnbuild/domain/schemas/courses';

/** The list with the item at `from` taken out and put back at `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const result = [...list];
  if (from < 0 || from >= list.length) return result;
  const target = Math.max(0, Math.min(list.length - 1, to));
  const [item] = result.splice(from, 1);
  result.splice(target, 0, item as T);
  return result;
}

/** The ids in their new order after moving `id` one place up (-1) or down (+1); null when it cannot move. */
export function stepOrder(ids: readonly string[], id: string, by: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  return moveItem(ids, from, to);
}

/**
 * The ids in their new order after dropping `dragged` on the row `target`: it takes the target's place,
 * so dragging down lands after the target and dragging up lands before it. Null when nothing moves.
 */
export function dropOrder(ids: readonly string[], dragged: string, target: string): string[] | null {
  const from = ids.indexOf(dragged);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return null;
  return moveItem(ids, from, to);
}

/** What a screen reader hears after a move, e.g. 'Moved "Arrays" to position 2 of 5.' */
export function moveAnnouncement(title: string, ids: readonly string[], id: string): string {
  return `Moved "${title}" to position ${ids.indexOf(id) + 1} of ${ids.length}.`;
}

function sortedBy<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items]
    .sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity))
    .map((item, index) => ({ ...item, position: index }));
}

/** The course with its sections in the given order (what the screen shows while the server saves it). */
export function withSectionOrder(course: CourseDetail, ids: readonly string[]): CourseDetail {
  return { ...course, sections: sortedBy(course.sections, ids) };
}

/** The course with one section's lessons in the given order. */
export function withLessonOrder(course: CourseDetail, sectionId: string, ids: readonly string[]): CourseDetail {
  return {
    ...course,
    sections: course.sections.map((section) =>
      section.id === sectionId ? { ...section, lessons: sortedBy(section.lessons, ids) } : section,
    ),
  };
}
