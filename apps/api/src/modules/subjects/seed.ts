import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seedRuns, subjectSubtopics, subjects, subjectTopics } from '../../db/schema';
import { loadSubjectContent, type SubjectContent } from './content';

const SEED_NAME = 'core-subjects';
const SEED_VERSION = 1;
const EXERCISES_SEED_NAME = 'core-subject-exercises';

/**
 * The code exercises of the built-in subtopics (issue 30), once, also on a database seeded before they were
 * written: each goes only to a subtopic that is still there and has no exercise of an admin's.
 */
async function seedSubjectExercises(db: Db, content: SubjectContent[]) {
  await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(seedRuns)
      .values({ name: EXERCISES_SEED_NAME, version: 1 })
      .onConflictDoNothing()
      .returning();
    if (recorded.length === 0) return;
    for (const subject of content) {
      for (const topic of subject.topics) {
        for (const subtopic of topic.subtopics) {
          if (!subtopic.exercise) continue;
          await tx
            .update(subjectSubtopics)
            .set({ exercise: subtopic.exercise })
            .where(
              and(
                eq(subjectSubtopics.subjectId, subject.id),
                eq(subjectSubtopics.topicId, topic.id),
                eq(subjectSubtopics.id, subtopic.id),
                isNull(subjectSubtopics.exercise),
              ),
            );
        }
      }
    }
  });
}

/**
 * Loads the built-in subjects once. After that they belong to the admins: a later start does not
 * bring back what an admin deleted or overwrite what an admin edited.
 */
export async function seedSubjects(db: Db): Promise<number> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME));
  if (done) {
    await seedSubjectExercises(db, loadSubjectContent());
    return 0;
  }
  const content = loadSubjectContent();
  if (content.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const [subjectIndex, subject] of content.entries()) {
      await tx
        .insert(subjects)
        .values({
          id: subject.id,
          name: subject.name,
          icon: subject.icon,
          description: subject.description,
          position: subjectIndex,
        })
        .onConflictDoNothing();
      for (const [topicIndex, topic] of subject.topics.entries()) {
        await tx
          .insert(subjectTopics)
          .values({
            subjectId: subject.id,
            id: topic.id,
            name: topic.name,
            description: topic.description,
            position: topicIndex,
          })
          .onConflictDoNothing();
        if (topic.subtopics.length === 0) continue;
        await tx
          .insert(subjectSubtopics)
          .values(
            topic.subtopics.map((subtopic, index) => ({
              subjectId: subject.id,
              topicId: topic.id,
              id: subtopic.id,
              name: subtopic.name,
              position: index,
              body: subtopic.body,
              selfCheck: subtopic.selfCheck,
            })),
          )
          .onConflictDoNothing();
      }
    }
    await tx
      .insert(seedRuns)
      .values({ name: SEED_NAME, version: SEED_VERSION, details: { subjects: content.map((s) => s.id) } });
  });
  await seedSubjectExercises(db, content);
  return content.length;
}
