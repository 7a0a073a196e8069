const join = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

export const adminSubjectsPath = '/api/admin/subjects';
export const adminSubjectPath = (subjectId: string) => `${adminSubjectsPath}/${join(subjectId)}`;
export const adminTopicsPath = (subjectId: string) => `${adminSubjectPath(subjectId)}/topics`;
export const adminTopicPath = (subjectId: string, topicId: string) => `${adminTopicsPath(subjectId)}/${join(topicId)}`;
export const adminLessonsPath = (subjectId: string, topicId: string) =>
  `${adminTopicPath(subjectId, topicId)}/subtopics`;
export const adminLessonPath = (key: LessonKey) =>
  `${adminLessonsPath(key.subjectId, key.topicId)}/${join(key.subtopicId)}`;

export interface LessonKey {
  subjectId: string;
  topicId: string;
  subtopicId: string;
}
