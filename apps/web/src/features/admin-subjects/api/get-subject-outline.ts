import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const subjectOutlineQueryKey = (subjectId: string) => ['subjects', 'admin', 'outline', subjectId] as const;

export async function getSubjectOutline(subjectId: string): Promise<SubjectDetail> {
  const { data } = await api.get<{ success: true; subject: SubjectDetail }>(
    `/api/subjects/${encodeURIComponent(subjectId)}`,
  );
  return data.subject;
}

export const subjectOutlineQuery = (subjectId: string) =>
  queryOptions({ queryKey: subjectOutlineQueryKey(subjectId), queryFn: () => getSubjectOutline(subjectId) });

export function useSubjectOutline(subjectId: string | null) {
  return useQuery({ ...subjectOutlineQuery(subjectId ?? ''), enabled: subjectId !== null });
}
