import { formatCertificateCode, normalizeCertificateCode } from '@learnbuild/domain/certificate-code';
import type { CertificateVerification } from '@learnbuild/domain/schemas/certificates';
import { MALFORMED_CERTIFICATE_CODE } from '@learnbuild/domain/schemas/certificates';
import { BadgeCheck, Ban, SearchX } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { useCertificateVerification } from '@/features/courses/api/verify-certificate';
import { errorStatus } from '@/lib/api-client';
import { formatDate, useDateReader } from '@/lib/dates';
import { useDocumentMeta } from '@/lib/use-document-meta';

/**
 * /certificates/verify and /certificates/verify/{code}: anyone holding a LearnBuild certificate (on paper or as a
 * link from its QR code) checks who earned it, for which course, when and from whom, and whether it still stands.
 */
export function CertificateVerifyPage() {
  const { certificateCode: code = '' } = useParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [submitted, setSubmitted] = useState(false);
  useDocumentMeta(code ? `Verify certificate ${code}` : 'Verify a certificate');

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Verify a certificate</h1>
        <p className="text-muted">
          Type the code printed on a LearnBuild certificate, or scan its QR code, to see who earned it and whether it is
          still valid.
        </p>
      </header>
      <VerifyForm key={code} initial={code} onSubmitted={() => setSubmitted(true)} />
      {code ? <VerificationResult code={code} headingRef={headingRef} focus={submitted} /> : null}
    </div>
  );
}

function VerifyForm({ initial, onSubmitted }: { initial: string; onSubmitted: () => void }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCertificateCode(value);
    if (!code) {
      setError(value.trim() ? MALFORMED_CERTIFICATE_CODE : 'Enter the code printed on the certificate');
      return;
    }
    setError(undefined);
    onSubmitted();
    void navigate(`/certificates/verify/${formatCertificateCode(code)}`);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Certificate code"
        name="code"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        placeholder="7K3M-Q9TX-2BRD"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="flex-1 font-mono"
      />
      <Button type="submit" className="sm:mt-7">
        Verify
      </Button>
    </form>
  );
}

function VerificationResult({
  code,
  headingRef,
  focus,
}: {
  code: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  focus: boolean;
}) {
  const verification = useCertificateVerification(code);
  const settled = !verification.isPending;
  // After a search typed in the form, the answer is read next: focus moves to its heading.
  useEffect(() => {
    if (focus && settled) headingRef.current?.focus();
  }, [focus, settled, headingRef]);

  if (verification.isPending) {
    return (
      <p role="status" className="text-muted">
        Checking the certificate…
      </p>
    );
  }
  if (verification.data) return <VerifiedCertificate certificate={verification.data} headingRef={headingRef} />;

  const status = errorStatus(verification.error);
  if (status === 404 || status === 400) {
    return (
      <section
        aria-labelledby="verify-result"
        className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-default px-6 py-10 text-center"
        data-testid="certificate-not-found"
      >
        <SearchX className="h-8 w-8 text-muted" aria-hidden />
        <h2 id="verify-result" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          Certificate not found
        </h2>
        <p className="max-w-md text-sm text-muted">
          {status === 400
            ? `"${code}" is not a certificate code. ${MALFORMED_CERTIFICATE_CODE}.`
            : `LearnBuild has not issued a certificate with the code ${code}. Check it against the printed certificate.`}
        </p>
      </section>
    );
  }
  return (
    <LoadError
      title="Could not check this certificate"
      onRetry={() => void verification.refetch()}
      retrying={verification.isFetching}
    />
  );
}

function VerifiedCertificate({
  certificate,
  headingRef,
}: {
  certificate: CertificateVerification;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const reader = useDateReader();
  const issued = formatDate(certificate.issuedAt, 'date', reader);
  const revokedOn = certificate.revokedAt ? formatDate(certificate.revokedAt, 'date', reader) : null;
  return (
    <section
      aria-labelledby="verify-result"
      data-testid="certificate-verification"
      data-revoked={certificate.revoked}
      className={
        certificate.revoked
          ? 'flex flex-col gap-5 rounded-2xl border-2 border-red-300 bg-red-50/60 p-6 dark:border-red-800 dark:bg-red-950/30'
          : 'flex flex-col gap-5 rounded-2xl border-2 border-emerald-300 bg-emerald-50/60 p-6 dark:border-emerald-800 dark:bg-emerald-950/30'
      }
    >
      {certificate.revoked ? (
        <div className="flex flex-col gap-2">
          <h2
            id="verify-result"
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 text-xl font-semibold text-red-800 dark:text-red-200"
          >
            <Ban className="h-6 w-6 shrink-0" aria-hidden /> Revoked certificate
          </h2>
          <p className="text-sm text-red-900 dark:text-red-100" data-testid="certificate-revoked">
            LearnBuild revoked this certificate on{' '}
            {certificate.revokedAt ? <time dateTime={certificate.revokedAt}>{revokedOn}</time> : null}
            {certificate.revokedReason ? `. Reason: ${certificate.revokedReason}` : '.'}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <h2
            id="verify-result"
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 text-xl font-semibold text-emerald-800 dark:text-emerald-200"
          >
            <BadgeCheck className="h-6 w-6 shrink-0" aria-hidden /> Valid certificate
          </h2>
          <p className="text-sm text-emerald-900 dark:text-emerald-100">
            LearnBuild issued this certificate and it has not been revoked.
          </p>
        </div>
      )}
      <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Learner</dt>
          <dd className="text-base font-semibold" data-testid="verify-learner">
            {certificate.learnerName}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Course</dt>
          <dd className="text-base font-semibold" data-testid="verify-course">
            {certificate.courseTitle}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Completed on</dt>
          <dd className="font-semibold" data-testid="verify-issued">
            <time dateTime={certificate.issuedAt}>{issued}</time>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Instructor</dt>
          <dd className="font-semibold" data-testid="verify-instructor">
            {certificate.instructorName}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Code</dt>
          <dd className="font-mono font-semibold">{certificate.code}</dd>
        </div>
      </dl>
    </section>
  );
}
