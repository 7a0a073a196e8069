import { describe, expect, it } from 'vitest';
import { mediaFileProblem } from './upload-media';

const rule = { types: ['image/png'], maxBytes: 2 * 1024 * 1024, wrongType: 'Choose a PNG image', noun: 'image' };

describe('mediaFileProblem', () => {
  it('refuses a file of another type, then one over the size, naming the limit in MB', () => {
    expect(mediaFileProblem({ type: 'image/gif', size: 10 }, rule)).toBe('Choose a PNG image');
    expect(mediaFileProblem({ type: 'image/png', size: rule.maxBytes + 1 }, rule)).toBe(
      'The image must be at most 2 MB',
    );
  });

  it('accepts a file of an allowed type up to the limit', () => {
    expect(mediaFileProblem({ type: 'image/png', size: rule.maxBytes }, rule)).toBeNull();
  });
});
