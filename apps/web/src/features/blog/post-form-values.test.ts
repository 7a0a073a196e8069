import type { BlogPost } from '@learnbuild/domain/schemas/blog';
import { describe, expect, it } from 'vitest';
import {
  fromLocalInput,
  type PostFormValues,
  postBody,
  postFormProblems,
  postFormValues,
  suggestedPublishTime,
  toLocalInput,
} from './post-form-values';

const values = (changes: Partial<PostFormValues> = {}): PostFormValues => ({
  ...postFormValues(),
  title: 'Two pointers',
  body: 'Text',
  ...changes,
});

describe('publish time in the author’s time zone', () => {
  it('goes to a datetime-local value and back to the same instant', () => {
    const iso = '2026-12-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });

  it('suggests tomorrow at 09:00', () => {
    const suggested = new Date(suggestedPublishTime(new Date(2026, 10, 24, 23, 0)));
    expect([suggested.getDate(), suggested.getHours(), suggested.getMinutes()]).toEqual([25, 9, 0]);
  });
});

describe('postBody', () => {
  it('leaves out an empty slug and sends a time only for a scheduled post', () => {
    expect(postBody(values({ slug: '  ', publishAt: '2026-12-01T09:00' }))).toMatchObject({
      title: 'Two pointers',
      status: 'draft',
      publishAt: null,
    });
    expect(postBody(values({ slug: ' ' }))).not.toHaveProperty('slug');
    const scheduled = postBody(values({ status: 'scheduled', publishAt: '2026-12-01T09:00', slug: 'two-pointers' }));
    expect(scheduled.slug).toBe('two-pointers');
    expect(scheduled.publishAt).toBe(new Date('2026-12-01T09:00').toISOString());
  });

  it('starts an edit from the saved post', () => {
    const post = {
      title: 'T',
      slug: 's',
      excerpt: 'e',
      tags: ['dsa'],
      coverMediaId: null,
      body: 'b',
      status: 'scheduled',
      publishAt: '2026-12-01T09:00:00.000Z',
      publishedAt: '2026-12-01T09:00:00.000Z',
    } as BlogPost;
    const before = Date.parse('2026-11-30T00:00:00Z');
    expect(postFormValues(post, before)).toMatchObject({
      slug: 's',
      status: 'scheduled',
      publishAt: toLocalInput(post.publishAt),
    });
    // Once its time has come it is published, and is edited as a published post.
    expect(postFormValues(post, Date.parse('2026-12-02T00:00:00Z'))).toMatchObject({
      status: 'published',
      publishAt: '',
    });
  });
});

describe('postFormProblems', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('uses the server schema’s messages', () => {
    expect(postFormProblems(values({ title: 'ab' }), now).title).toMatch(/at least 3/);
    expect(postFormProblems(values({ slug: 'Not A Slug' }), now).slug).toMatch(/lowercase/);
    expect(postFormProblems(values({ tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }), now).tags).toMatch(/at most 6/);
  });

  it('wants a future time for a scheduled post', () => {
    expect(postFormProblems(values({ status: 'scheduled', publishAt: '' }), now).publishAt).toBe(
      'Choose when to publish the post',
    );
    expect(
      postFormProblems(values({ status: 'scheduled', publishAt: toLocalInput('2026-11-24T11:00:00Z') }), now).publishAt,
    ).toBe('Choose a time in the future');
    expect(
      postFormProblems(values({ status: 'scheduled', publishAt: toLocalInput('2026-11-25T11:00:00Z') }), now),
    ).toEqual({});
  });

  it('finds nothing wrong with a plain draft', () => {
    expect(postFormProblems(values(), now)).toEqual({});
  });
});
