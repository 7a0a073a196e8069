/** SPEC 3: the four built-in core subjects (outlines are seeded from content files). */
export const CORE_SUBJECTS = [
  { id: 'dbms', name: 'DBMS', icon: 'database', topicCount: 5 },
  { id: 'os', name: 'Operating Systems', icon: 'cpu', topicCount: 5 },
  { id: 'cn', name: 'Computer Networks', icon: 'network', topicCount: 5 },
  { id: 'oop', name: 'OOP', icon: 'boxes', topicCount: 6 },
] as const;

export type CoreSubjectId = (typeof CORE_SUBJECTS)[number]['id'];
