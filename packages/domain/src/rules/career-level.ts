export type CareerLevel = 'Advanced' | 'Intermediate' | 'Beginner+' | 'Beginner';

/** SPEC 9: by the mean of course, DSA and topic completion: ≥80 Advanced, ≥50 Intermediate, ≥20 Beginner+, else Beginner. */
export function careerLevel(coursePercent: number, dsaPercent: number, topicPercent: number): CareerLevel {
  const mean = (coursePercent + dsaPercent + topicPercent) / 3;
  if (mean >= 80) return 'Advanced';
  if (mean >= 50) return 'Intermediate';
  if (mean >= 20) return 'Beginner+';
  return 'Beginner';
}
