import type { CertificateVerification } from '@learnbuild/domain/schemas/certificates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function verifyCertificate(code: string): Promise<CertificateVerification> {
  return (
    await api.get<{ success: true; certificate: CertificateVerification }>(
      `/api/certificates/verify/${encodeURIComponent(code)}`,
    )
  ).data.certificate;
}

/** The same for everyone; kept briefly, since a certificate can be revoked or restored. */
export const certificateVerificationQuery = (code: string) =>
  queryOptions({
    queryKey: ['certificates', 'verify', code] as const,
    queryFn: () => verifyCertificate(code),
    staleTime: 60_000,
  });

export function useCertificateVerification(code: string) {
  return useQuery(certificateVerificationQuery(code));
}
