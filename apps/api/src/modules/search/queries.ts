import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  blogPosts,
  communityCategories,
  communityThreads,
  courses,
  dsaProblems,
  dsaTopics,
  judgeProblems,
  subjectSubtopics,
  subjects,
  subjectTopics,
  users,
} from '../../db/schema';
import { containsPattern } from '../../lib/search-pattern';
import { visibleNow } from '../blog/queries';

/**
 * How close a title must come on the small lists (problems, lessons), scanned whole: low enough that a misspelt
 * word ("djikstra") still finds its title. The large lists (posts, threads, courses, users) go through their
 * trigram indexes with pg_trgm's own threshold (0.6), so a query never reads every row.
 */
const SMALL_LIST_SIMILARITY = 0.35;

/** The order of every kind: an exact title first, then a title that starts with the text, then the closest. */
function tierOf(title: AnyPgColumn | SQL, text: string) {
  return sql<number>`case when lower(${title}) = lower(${text}) then 0 when starts_with(lower(${title}), lower(${text})) then 1 else 2 end`.mapWith(
    Number,
  );
}
/** How close the text comes to some part of the title (a whole title that is closer wins a tie, see orderBy). */
const titleSimilarity = (title: AnyPgColumn | SQL, text: string) => sql`word_similarity(${text}, ${title})`;
const textQuery = (text: string) => sql`websearch_to_tsquery('english', ${text})`;
/** An ILIKE pattern of titles starting with `text` (its %, _ and \\ taken literally). */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * How many matches of each way (title prefix, close title, words of the text) a large list ranks at most. A
 * common word matches tens of thousands of threads; ranking them all would cost seconds, so each way hands over
 * at most this many (the index's first), and the ranking orders those: a title that is or starts with the
 * text is always among them, since its own way is searched apart.
 */
const CANDIDATES_PER_WAY = 100;

/**
 * How a large list is matched: 'words' by a title starting with the text or the words of its full text (cheap
 * through their indexes); 'close' by a title close to the text (typos), asked only when the words found too
 * few, since a common word's trigrams send thousands of titles to be checked.
 */
export type LargeListMatch = 'words' | 'close';

/** The ids of up to CANDIDATES_PER_WAY rows of `table` that are `visible` and match each of `ways`. */
function candidates(table: typeof blogPosts | typeof communityThreads, visible: SQL, ways: SQL[]) {
  return sql.join(
    ways.map((way) => sql`(select ${table.id} from ${table} where ${visible} and ${way} limit ${CANDIDATES_PER_WAY})`),
    sql` union `,
  );
}

export interface RankedRow {
  tier: number;
  score: number;
}

/**
 * Problems not deleted whose title holds the text or comes close: 'words' through the title's trigram index
 * (pg_trgm's own 0.6), 'close' scanning every title with the lower SMALL_LIST_SIMILARITY, for a misspelt word.
 */
export function findProblems(db: DbOrTx, text: string, limit: number, match: LargeListMatch) {
  const similarity = titleSimilarity(dsaProblems.title, text);
  return db
    .select({
      id: dsaProblems.id,
      title: dsaProblems.title,
      slug: dsaProblems.slug,
      difficulty: dsaProblems.difficulty,
      topic: dsaTopics.name,
      judged: sql<boolean>`exists (select 1 from ${judgeProblems} where ${judgeProblems.problemId} = ${dsaProblems.id} and ${judgeProblems.enabled})`,
      tier: tierOf(dsaProblems.title, text),
      score: sql<number>`${similarity}`.mapWith(Number),
    })
    .from(dsaProblems)
    .innerJoin(dsaTopics, eq(dsaTopics.id, dsaProblems.topicId))
    .where(
      and(
        isNull(dsaProblems.deletedAt),
        match === 'words'
          ? or(sql`${dsaProblems.title} ilike ${containsPattern(text)}`, sql`${text} <% ${dsaProblems.title}`)
          : sql`${similarity} >= ${SMALL_LIST_SIMILARITY}`,
      ),
    )
    .orderBy(
      tierOf(dsaProblems.title, text),
      sql`${similarity} desc`,
      sql`similarity(${text}, ${dsaProblems.title}) desc`,
      dsaProblems.position,
    )
    .limit(limit);
}

/** Topics of the core subjects by name (their outline is open to everyone). */
export function findSubjectTopics(db: DbOrTx, text: string, limit: number) {
  const similarity = titleSimilarity(subjectTopics.name, text);
  return db
    .select({
      subjectId: subjectTopics.subjectId,
      topicId: subjectTopics.id,
      title: subjectTopics.name,
      description: subjectTopics.description,
      subject: subjects.name,
      tier: tierOf(subjectTopics.name, text),
      score: sql<number>`${similarity}`.mapWith(Number),
    })
    .from(subjectTopics)
    .innerJoin(subjects, eq(subjects.id, subjectTopics.subjectId))
    .where(
      or(sql`${subjectTopics.name} ilike ${containsPattern(text)}`, sql`${similarity} >= ${SMALL_LIST_SIMILARITY}`),
    )
    .orderBy(
      tierOf(subjectTopics.name, text),
      sql`${similarity} desc`,
      sql`similarity(${text}, ${subjectTopics.name}) desc`,
      subjects.position,
      subjectTopics.position,
    )
    .limit(limit);
}

/**
 * Subtopics (the lessons) by name, and by their text for a signed-in reader only: a lesson's text is read
 * signed in (GET /api/subjects/.../subtopics/:id), so it neither matches nor gives a snippet to anyone else.
 */
export function findSubjectSubtopics(db: DbOrTx, text: string, limit: number, withBody: boolean) {
  const similarity = titleSimilarity(subjectSubtopics.name, text);
  const bodyMatch = sql`${subjectSubtopics.body} ilike ${containsPattern(text)}`;
  return db
    .select({
      subjectId: subjectSubtopics.subjectId,
      topicId: subjectSubtopics.topicId,
      subtopicId: subjectSubtopics.id,
      title: subjectSubtopics.name,
      body: withBody ? subjectSubtopics.body : sql<string>`''`,
      subject: subjects.name,
      topic: subjectTopics.name,
      tier: tierOf(subjectSubtopics.name, text),
      // A match in the text alone ranks below any title that comes close.
      score: sql<number>`${similarity}`.mapWith(Number),
    })
    .from(subjectSubtopics)
    .innerJoin(
      subjectTopics,
      and(eq(subjectTopics.subjectId, subjectSubtopics.subjectId), eq(subjectTopics.id, subjectSubtopics.topicId)),
    )
    .innerJoin(subjects, eq(subjects.id, subjectSubtopics.subjectId))
    .where(
      or(
        sql`${subjectSubtopics.name} ilike ${containsPattern(text)}`,
        sql`${similarity} >= ${SMALL_LIST_SIMILARITY}`,
        withBody ? bodyMatch : undefined,
      ),
    )
    .orderBy(
      tierOf(subjectSubtopics.name, text),
      sql`${similarity} desc`,
      sql`similarity(${text}, ${subjectSubtopics.name}) desc`,
      subjects.position,
      subjectTopics.position,
      subjectSubtopics.position,
    )
    .limit(limit);
}

const courseText = sql`course_search_text(${courses.title}, ${courses.subtitle}, ${courses.tags})`;

/** Published courses only: drafts and archived ones are their instructor's business. */
export function findCourses(db: DbOrTx, text: string, limit: number) {
  const similarity = sql`greatest(${titleSimilarity(courses.title, text)}, ${titleSimilarity(courseText, text)} * 0.9)`;
  return db
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      subtitle: courses.subtitle,
      description: courses.description,
      tier: tierOf(courses.title, text),
      score: sql<number>`${similarity}`.mapWith(Number),
    })
    .from(courses)
    .where(
      and(
        eq(courses.status, 'published'),
        // Both answered by the trigram index of 0012_catalogue_search.sql.
        or(sql`${text} <% ${courseText}`, sql`${courseText} ilike ${containsPattern(text)}`),
      ),
    )
    .orderBy(
      tierOf(courses.title, text),
      sql`${similarity} desc`,
      sql`similarity(${text}, ${courses.title}) desc`,
      courses.id,
    )
    .limit(limit);
}

/** Posts readers can open now (published, or scheduled and past their time): by their words or a close title. */
export function findPosts(db: DbOrTx, text: string, limit: number, match: LargeListMatch) {
  const similarity = titleSimilarity(blogPosts.title, text);
  const words = textQuery(text);
  const score = sql`${similarity} + ts_rank(${blogPosts.searchVector}, ${words})`;
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      body: blogPosts.body,
      tier: tierOf(blogPosts.title, text),
      score: sql<number>`${score}`.mapWith(Number),
    })
    .from(blogPosts)
    .where(
      sql`${blogPosts.id} in (${candidates(
        blogPosts,
        // Checked on the matches only, as the blog's own search does: the indexes find them.
        sql`(${visibleNow}) is true`,
        match === 'words'
          ? [sql`${blogPosts.title} ilike ${prefixPattern(text)}`, sql`${blogPosts.searchVector} @@ ${words}`]
          : [sql`${text} <% ${blogPosts.title}`],
      )})`,
    )
    .orderBy(
      tierOf(blogPosts.title, text),
      sql`${score} desc`,
      sql`similarity(${text}, ${blogPosts.title}) desc`,
      sql`${blogPosts.publishedAt} desc nulls last`,
    )
    .limit(limit);
}

/** Threads everyone can read (hidden ones are the moderators', found through the report queue). */
export function findThreads(db: DbOrTx, text: string, limit: number, match: LargeListMatch) {
  const similarity = titleSimilarity(communityThreads.title, text);
  const words = textQuery(text);
  const score = sql`${similarity} + ts_rank(${communityThreads.searchVector}, ${words})`;
  return db
    .select({
      id: communityThreads.id,
      title: communityThreads.title,
      body: communityThreads.body,
      containsSolution: communityThreads.containsSolution,
      category: communityCategories.name,
      replyCount: communityThreads.replyCount,
      tier: tierOf(communityThreads.title, text),
      score: sql<number>`${score}`.mapWith(Number),
    })
    .from(communityThreads)
    .innerJoin(communityCategories, eq(communityCategories.id, communityThreads.categoryId))
    .where(
      sql`${communityThreads.id} in (${candidates(
        communityThreads,
        sql`${communityThreads.hidden} is false`,
        match === 'words'
          ? [
              sql`${communityThreads.title} ilike ${prefixPattern(text)}`,
              sql`${communityThreads.searchVector} @@ ${words}`,
            ]
          : [sql`${text} <% ${communityThreads.title}`],
      )})`,
    )
    .orderBy(
      tierOf(communityThreads.title, text),
      sql`${score} desc`,
      sql`similarity(${text}, ${communityThreads.title}) desc`,
      sql`${communityThreads.lastActivityAt} desc`,
    )
    .limit(limit);
}

/** Accounts by name (close), email or handle (containing the text): for admins only, checked by the caller. */
export function findUsers(db: DbOrTx, text: string, limit: number) {
  const pattern = containsPattern(text);
  const similarity = titleSimilarity(users.name, text);
  return db
    .select({
      id: users.id,
      title: users.name,
      email: users.email,
      role: users.role,
      handle: users.handle,
      tier: tierOf(users.name, text),
      score: sql<number>`${similarity}`.mapWith(Number),
    })
    .from(users)
    .where(
      or(sql`${text} <% ${users.name}`, sql`${users.email} ilike ${pattern}`, sql`${users.handle} ilike ${pattern}`),
    )
    .orderBy(
      tierOf(users.name, text),
      sql`${similarity} desc`,
      sql`similarity(${text}, ${users.name}) desc`,
      users.createdAt,
    )
    .limit(limit);
}
