import { countOf } from '@learnbuild/domain/count-of';
import type { Role } from '@learnbuild/domain/roles';
import { isAdmin } from '@learnbuild/domain/roles';
import {
  SEARCH_KINDS,
  SEARCH_RESULTS_PER_KIND,
  type SearchKind,
  type SearchResult,
} from '@learnbuild/domain/schemas/search';
import type { DbOrTx } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/http-errors';
import * as q from './queries';
import { searchReplies } from './reply-cache';
import { snippetAround } from './snippet';

export interface Asker {
  id: string;
  role: Role;
}

/**
 * The kinds one search looks through: those asked for (all by default) that the asker may see. Users are for
 * admins: left out of a wider search for anyone else, and refused when they are all that was asked for.
 */
export function kindsFor(asked: readonly SearchKind[] | undefined, asker: Asker | null): SearchKind[] {
  const admin = isAdmin(asker?.role);
  const kinds = SEARCH_KINDS.filter((kind) => (asked ? asked.includes(kind) : true));
  if (admin) return kinds;
  if (asked && kinds.length === 1 && kinds[0] === 'user') {
    throw asker ? forbidden('Only admins can search users') : unauthorized('Log in as an admin to search users');
  }
  return kinds.filter((kind) => kind !== 'user');
}

const byRank = (a: q.RankedRow, b: q.RankedRow) => a.tier - b.tier || b.score - a.score;

/** A list's matches by their words, topped up with close titles (typos) when the words found too few. */
async function findInLargeList<Row extends q.RankedRow & { id: string }>(
  find: (match: q.LargeListMatch) => Promise<Row[]>,
): Promise<Row[]> {
  const byWords = await find('words');
  if (byWords.length >= SEARCH_RESULTS_PER_KIND) return byWords;
  const seen = new Set(byWords.map((row) => row.id));
  const close = (await find('close')).filter((row) => !seen.has(row.id));
  return [...byWords, ...close].sort(byRank).slice(0, SEARCH_RESULTS_PER_KIND);
}

type Finder = (db: DbOrTx, text: string, asker: Asker | null) => Promise<SearchResult[]>;

const FINDERS: Record<SearchKind, Finder> = {
  async problem(db, text) {
    const rows = await findInLargeList((match) => q.findProblems(db, text, SEARCH_RESULTS_PER_KIND, match));
    return rows.map((row) => ({
      kind: 'problem',
      id: row.id,
      title: row.title,
      // A judged problem has its own page; the others are opened on the sheet, found by their title.
      url: row.judged ? `/problems/${row.slug}` : `/dsa-sheet?q=${encodeURIComponent(row.title)}`,
      snippet: `${row.difficulty} · ${row.topic}`,
    }));
  },

  async lesson(db, text, asker) {
    const [topics, subtopics] = await Promise.all([
      q.findSubjectTopics(db, text, SEARCH_RESULTS_PER_KIND),
      q.findSubjectSubtopics(db, text, SEARCH_RESULTS_PER_KIND, asker !== null),
    ]);
    const results = [
      ...topics.map((row) => ({
        rank: row,
        result: {
          kind: 'lesson' as const,
          id: `${row.subjectId}/${row.topicId}`,
          title: row.title,
          url: `/subject/${row.subjectId}/topic/${row.topicId}`,
          snippet: row.description ? `${row.subject} · ${snippetAround(row.description, text)}` : row.subject,
        },
      })),
      ...subtopics.map((row) => ({
        rank: row,
        result: {
          kind: 'lesson' as const,
          id: `${row.subjectId}/${row.topicId}/${row.subtopicId}`,
          title: row.title,
          url: `/subject/${row.subjectId}/topic/${row.topicId}/subtopic/${row.subtopicId}`,
          // The lesson's text only for a signed-in reader (the query sends '' to anyone else).
          snippet: row.body ? snippetAround(row.body, text) : `${row.subject} › ${row.topic}`,
        },
      })),
    ];
    return results
      .sort((a, b) => byRank(a.rank, b.rank))
      .slice(0, SEARCH_RESULTS_PER_KIND)
      .map(({ result }) => result);
  },

  async course(db, text) {
    const rows = await q.findCourses(db, text, SEARCH_RESULTS_PER_KIND);
    return rows.map((row) => ({
      kind: 'course',
      id: row.id,
      title: row.title,
      url: `/courses/${row.slug}`,
      snippet: row.subtitle || snippetAround(row.description, text),
    }));
  },

  async post(db, text) {
    const rows = await findInLargeList((match) => q.findPosts(db, text, SEARCH_RESULTS_PER_KIND, match));
    return rows.map((row) => ({
      kind: 'post',
      id: row.id,
      title: row.title,
      url: `/blog/${row.slug}`,
      snippet: snippetAround(`${row.excerpt}\n\n${row.body}`, text),
    }));
  },

  async thread(db, text) {
    const rows = await findInLargeList((match) => q.findThreads(db, text, SEARCH_RESULTS_PER_KIND, match));
    return rows.map((row) => ({
      kind: 'thread',
      id: row.id,
      title: row.title,
      url: `/community/${row.id}`,
      // An opening post that gives a solution away stays folded until opened, so it lends no snippet.
      snippet: row.containsSolution
        ? `${row.category} · ${countOf(row.replyCount, 'reply', 'replies')}`
        : snippetAround(row.body, text),
    }));
  },

  async user(db, text) {
    const rows = await q.findUsers(db, text, SEARCH_RESULTS_PER_KIND);
    return rows.map((row) => ({
      kind: 'user',
      id: row.id,
      title: row.title,
      url: `/admin?tab=users&q=${encodeURIComponent(row.email)}`,
      snippet: `${row.email} · ${row.role}${row.handle ? ` · @${row.handle}` : ''}`,
    }));
  },
};

/** A few results of each kind the asker may see, grouped by kind in SEARCH_KINDS order, best first in each. */
export async function search(
  db: DbOrTx,
  text: string,
  asked: readonly SearchKind[] | undefined,
  asker: Asker | null,
): Promise<SearchResult[]> {
  const kinds = kindsFor(asked, asker);
  // Everyone of one kind of asker may see the same results (reply-cache.ts).
  const askerKind = asker === null ? 'anonymous' : isAdmin(asker.role) ? 'admin' : 'signed-in';
  return searchReplies.get(db, `${askerKind}\n${kinds.join(',')}\n${text}`, async () => {
    const groups = await Promise.all(kinds.map((kind) => FINDERS[kind](db, text, asker)));
    return groups.flat();
  });
}
