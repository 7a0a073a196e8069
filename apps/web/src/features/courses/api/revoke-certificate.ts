import type { RevokeCertificateBody } from '@learnbuild/domain/schemas/certificates';
import type { Certificate } from '@learnbuild/domain/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { certificateQuery } from './get-certificate';

const revokePath = (id: string) => `/api/admin/certificates/${encodeURIComponent(id)}/revoke`;

export async function revokeCertificate({ id, reason }: RevokeCertificateBody & { id: string }) {
  return (await api.post<{ success: true; certificate: Certificate }>(revokePath(id), { reason })).data.certificate;
}

export async function restoreCertificate(id: string) {
  return (await api.delete<{ success: true; certificate: Certificate }>(revokePath(id))).data.certificate;
}

/** The certificate page shows the reply at once; every verify answer is asked again. */
function useCertificateChange<T>(mutationFn: (input: T) => Promise<Certificate>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (certificate) => {
      queryClient.setQueryData(certificateQuery(certificate.id).queryKey, certificate);
      return queryClient.invalidateQueries({ queryKey: ['certificates', 'verify'] });
    },
  });
}

export const useRevokeCertificate = () => useCertificateChange(revokeCertificate);
export const useRestoreCertificate = () => useCertificateChange(restoreCertificate);
