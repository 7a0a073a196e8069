import { REVOKE_REASON_MAX, revokeCertificateBodySchema } from '@learnbuild/domain/schemas/certificates';
import type { Certificate } from '@learnbuild/domain/schemas/courses';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useRestoreCertificate, useRevokeCertificate } from '@/features/courses/api/revoke-certificate';
import { errorMessage } from '@/lib/api-client';

/** An admin's controls under a certificate: revoke it with a reason, or restore it. Never printed. */
export function CertificateRevocation({ certificate }: { certificate: Certificate }) {
  const toast = useToast();
  const revoke = useRevokeCertificate();
  const restore = useRestoreCertificate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = revokeCertificateBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    revoke.mutate(
      { id: certificate.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setReason('');
          toast('Certificate revoked', 'success');
        },
        onError: (failure) => setError(errorMessage(failure, 'Could not revoke this certificate')),
      },
    );
  };

  return (
    <section
      aria-labelledby="revocation-heading"
      className="surface flex flex-col gap-3 rounded-2xl border p-5 print:hidden"
      data-testid="certificate-revocation"
    >
      <h2 id="revocation-heading" className="text-lg font-semibold">
        Revocation
      </h2>
      {certificate.revokedAt ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">Its code now verifies as revoked. Restoring it makes it valid again.</p>
          <Button
            variant="secondary"
            disabled={restore.isPending}
            onClick={() =>
              restore.mutate(certificate.id, {
                onSuccess: () => toast('Certificate restored', 'success'),
                onError: (failure) => toast(errorMessage(failure, 'Could not restore this certificate'), 'error'),
              })
            }
          >
            Restore certificate
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <TextAreaField
            label="Reason for revoking"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error}
            maxLength={REVOKE_REASON_MAX}
            hint={<p className="text-xs text-muted">Anyone who checks the certificate's code reads this reason.</p>}
          />
          <Button type="submit" variant="danger" disabled={revoke.isPending} className="self-start">
            Revoke certificate
          </Button>
        </form>
      )}
    </section>
  );
}
