import { describe, expect, it } from 'vitest';
import { moveId, sortByIds } from './order';

describe('moveId', () => {
  it('swaps an id with the one above or below it', () => {
    expect(moveId(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b']);
  });

  it('leaves the order alone at either end or for an unknown id', () => {
    expect(moveId(['a', 'b'], 'a', 'up')).toEqual(['a', 'b']);
    expect(moveId(['a', 'b'], 'b', 'down')).toEqual(['a', 'b']);
    expect(moveId(['a', 'b'], 'z', 'up')).toEqual(['a', 'b']);
  });
});

describe('sortByIds', () => {
  it('arranges items in the given order and keeps unlisted ones last', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(sortByIds(items, ['c', 'a']).map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });
});
