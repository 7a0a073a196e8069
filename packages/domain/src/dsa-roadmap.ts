// The sheet's roadmap (issue 28): which topics build on which. The one place the prerequisites are written; the
// server draws `GET /api/dsa/roadmap` from it and the sheet's roadmap page lays the graph out from that reply.
// Topics are named as on the sheet (any case); a topic that is not listed here stands on its own.

export const ROADMAP_PREREQUISITES: Readonly<Record<string, readonly string[]>> = {
  Arrays: [],
  Hashing: ['Arrays'],
  'Two Pointers': ['Arrays'],
  'Sliding Window': ['Two Pointers', 'Hashing'],
  'Binary Search': ['Arrays'],
  Strings: ['Arrays', 'Hashing'],
  'Linked Lists': ['Two Pointers'],
  'Recursion and Backtracking': ['Arrays'],
  'Bit Manipulation': ['Arrays'],
  'Stacks and Queues': ['Arrays', 'Strings'],
  Heaps: ['Stacks and Queues'],
  Greedy: ['Heaps'],
  Trees: ['Recursion and Backtracking', 'Stacks and Queues'],
  BST: ['Trees', 'Binary Search'],
  Graphs: ['Trees'],
  'Dynamic Programming': ['Recursion and Backtracking'],
  Tries: ['Trees', 'Strings'],
};

export interface RoadmapTopic {
  id: string;
  name: string;
  /** The learner's solved problems of the topic. */
  solved: number;
  /** The topic's live problems. */
  total: number;
}

export interface RoadmapNode extends RoadmapTopic {
  /** Ids of the topics this one builds on. */
  prerequisites: string[];
  /** False while a prerequisite is under half solved: the topic shows as "not yet" (and stays open). */
  ready: boolean;
}

/** At least half of a topic's problems solved (a topic with none counts as done). */
export function halfDone(topic: Pick<RoadmapTopic, 'solved' | 'total'>): boolean {
  return topic.total === 0 || topic.solved * 2 >= topic.total;
}

/** The roadmap's nodes, in the order of `topics`, with prerequisites among the given topics only. */
export function roadmapNodes(topics: readonly RoadmapTopic[]): RoadmapNode[] {
  const byName = new Map(topics.map((topic) => [topic.name.toLowerCase(), topic]));
  const listed = new Map(Object.entries(ROADMAP_PREREQUISITES).map(([name, needs]) => [name.toLowerCase(), needs]));
  return topics.map((topic) => {
    const prerequisites = (listed.get(topic.name.toLowerCase()) ?? [])
      .map((name) => byName.get(name.toLowerCase()))
      .filter((found): found is RoadmapTopic => found !== undefined && found.id !== topic.id);
    return {
      ...topic,
      prerequisites: prerequisites.map((found) => found.id),
      ready: prerequisites.every(halfDone),
    };
  });
}
