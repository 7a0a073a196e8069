import type { Certificate } from '@learnbuild/domain/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getCertificate(id: string): Promise<Certificate> {
  return (await api.get<{ success: true; certificate: Certificate }>(`/api/certificates/${encodeURIComponent(id)}`))
    .data.certificate;
}

/** A certificate is the same for everyone who opens it, so it is not keyed by the account. */
export const certificateQuery = (id: string) =>
  queryOptions({ queryKey: ['certificates', id] as const, queryFn: () => getCertificate(id), staleTime: Infinity });

export function useCertificate(id: string) {
  return useQuery(certificateQuery(id));
}
