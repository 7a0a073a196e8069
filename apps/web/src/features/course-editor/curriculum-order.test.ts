import { describe, expect, it } from 'vitest';
import {
  dropOrder,
  moveAnnouncement,
  moveItem,
  stepOrder,
  withLessonOrder,
  withSectionOrder,
} from './curriculum-order';
import { course, lesson, section } from './test-fixtures';

describe('curriculum order', () => {
  it('moves an item to a new place and keeps every other item in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 99)).toEqual(['a', 'b']);
  });

  it('steps one place up or down, and refuses to step past either end', () => {
    expect(stepOrder(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(stepOrder(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(stepOrder(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(stepOrder(['a', 'b', 'c'], 'c', 1)).toBeNull();
    expect(stepOrder(['a', 'b', 'c'], 'x', 1)).toBeNull();
  });

  it('drops a dragged row into the place of the row it was dropped on, in either direction', () => {
    expect(dropOrder(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(dropOrder(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(dropOrder(['a', 'b'], 'a', 'a')).toBeNull();
    expect(dropOrder(['a', 'b'], 'a', 'elsewhere')).toBeNull();
  });

  it('announces the new place as a position out of the list length', () => {
    expect(moveAnnouncement('Joins', ['x', 'j', 'y'], 'j')).toBe('Moved "Joins" to position 2 of 3.');
  });

  it('shows sections and lessons in a new order with positions renumbered', () => {
    const before = course({
      sections: [
        section('s1', 'One', [lesson('l1', 'First'), lesson('l2', 'Second'), lesson('l3', 'Third')]),
        section('s2', 'Two'),
      ],
    });
    const sections = withSectionOrder(before, ['s2', 's1']).sections;
    expect(sections.map((item) => [item.id, item.position])).toEqual([
      ['s2', 0],
      ['s1', 1],
    ]);
    const lessons = withLessonOrder(before, 's1', ['l3', 'l1', 'l2']).sections[0]!.lessons;
    expect(lessons.map((item) => [item.id, item.position])).toEqual([
      ['l3', 0],
      ['l1', 1],
      ['l2', 2],
    ]);
    expect(before.sections[0]!.lessons[0]!.id).toBe('l1');
  });
});
