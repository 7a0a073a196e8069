import { can } from '@learnbuild/domain/roles';
import { Award, BadgeCheck, Ban, Printer, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useCertificate } from '@/features/courses/api/get-certificate';
import { certificateVerifyUrl } from '@/features/courses/certificate-qr';
import { CertificateQrCode } from '@/features/courses/components/certificate-qr-code';
import { CertificateRevocation } from '@/features/courses/components/certificate-revocation';
import { errorStatus } from '@/lib/api-client';
import { formatDate, useDateReader } from '@/lib/dates';
import { siteOrigin } from '@/lib/hydration';
import { useSession } from '@/lib/session';

/**
 * Printing shows the certificate alone, on one landscape A4 page (its print: classes tighten the spacing to
 * fit), in its paper colours whatever the theme. Scoped to this page: the style exists only while the page does.
 */
const PRINT_CSS = `
@page { size: A4 landscape; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  body *:not(:has([data-certificate])):not([data-certificate]):not([data-certificate] *) { display: none !important; }
  body *:has([data-certificate]) { margin: 0 !important; padding: 0 !important; min-height: 0 !important; max-width: none !important; }
  [data-certificate] { box-shadow: none !important; break-inside: avoid; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

/** /certificates/{id}: a public, printable certificate anyone can open to check it was issued. */
export function CertificatePage() {
  const { certificateId = '' } = useParams();
  const certificate = useCertificate(certificateId);
  const reader = useDateReader();
  const viewer = useSession().user;
  const data = certificate.data;

  const title = data ? `Certificate: ${data.learnerName}, ${data.courseTitle} · LearnBuild` : null;
  useEffect(() => {
    if (!title) return;
    // After the layout's route title, which runs later on a first render.
    const timer = setTimeout(() => {
      document.title = title;
    });
    return () => clearTimeout(timer);
  }, [title]);

  if (certificate.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-10" role="status" aria-label="Loading certificate">
        <Skeleton className="aspect-[1.414] w-full" />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        {errorStatus(certificate.error) === 404 ? (
          <EmptyState
            icon={SearchX}
            title="Certificate not found"
            action={
              <Link to="/" className={buttonClasses('primary')}>
                Back to home
              </Link>
            }
          >
            LearnBuild has not issued a certificate with this id. Check that the link is complete; certificate links are
            case-sensitive.
          </EmptyState>
        ) : (
          <LoadError
            title="Could not load this certificate"
            onRetry={() => void certificate.refetch()}
            retrying={certificate.isFetching}
          />
        )}
      </div>
    );
  }

  const issued = formatDate(data.issuedAt, 'date', reader);
  const revokedOn = data.revokedAt ? formatDate(data.revokedAt, 'date', reader) : null;
  const verifyUrl = certificateVerifyUrl(siteOrigin(), data.code);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {revokedOn ? (
          <p
            className="inline-flex items-start gap-2 text-sm font-medium text-red-700 dark:text-red-300"
            data-testid="certificate-revoked"
          >
            <Ban className="h-5 w-5 shrink-0" aria-hidden />
            LearnBuild revoked this certificate on {revokedOn}
            {data.revokedReason ? `. Reason: ${data.revokedReason}` : '.'}
          </p>
        ) : (
          <p
            className="inline-flex items-start gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-300"
            data-testid="certificate-verified"
          >
            <BadgeCheck className="h-5 w-5 shrink-0" aria-hidden />
            This certificate was issued by LearnBuild on {issued}.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden /> Print or save as PDF
          </Button>
          <Link
            to={`/courses/${encodeURIComponent(data.courseSlug || data.courseId)}`}
            className={buttonClasses('secondary')}
          >
            View the course
          </Link>
        </div>
      </div>

      <section
        data-certificate
        aria-labelledby="certificate-title"
        className="relative overflow-hidden rounded-2xl border border-amber-200 bg-[#fffdf7] p-2 text-slate-900 shadow-lg sm:p-3"
        data-testid="certificate"
      >
        <div className="flex flex-col items-center gap-4 rounded-xl border-2 border-amber-300/80 px-5 py-10 text-center sm:gap-5 sm:px-12 sm:py-14 print:gap-3 print:px-10 print:py-8">
          <div className="flex items-center gap-2 text-sm font-semibold tracking-[0.2em] text-indigo-800 uppercase">
            <Award className="h-5 w-5" aria-hidden /> LearnBuild
          </div>
          <h1
            id="certificate-title"
            className="font-serif text-3xl font-bold tracking-tight sm:text-5xl print:text-4xl"
          >
            Certificate of Completion
          </h1>
          {revokedOn ? (
            <p className="rounded-md border-2 border-red-700 px-3 py-1 text-sm font-bold tracking-[0.2em] text-red-700 uppercase">
              Revoked on {revokedOn}
            </p>
          ) : null}
          <p className="text-slate-700">This certifies that</p>
          <p
            className="border-b-2 border-amber-300 px-4 pb-2 font-serif text-3xl font-semibold sm:text-4xl"
            data-testid="certificate-learner"
          >
            {data.learnerName}
          </p>
          <p className="text-slate-700">has successfully completed the course</p>
          <p className="max-w-2xl text-xl font-semibold text-indigo-900 sm:text-2xl" data-testid="certificate-course">
            {data.courseTitle}
          </p>
          <p className="text-slate-700">
            taught by <span className="font-semibold text-slate-900">{data.instructorName}</span>
          </p>
          <div className="mt-4 flex w-full max-w-2xl flex-col items-center gap-6 border-t border-amber-200 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:text-left print:mt-2 print:flex-row print:gap-6 print:pt-4 print:text-left">
            <dl className="grid flex-1 grid-cols-1 gap-4 sm:grid-cols-2 print:grid-cols-2">
              <div>
                <dt className="text-slate-600">Issued on</dt>
                <dd className="font-semibold">
                  <time dateTime={data.issuedAt}>{issued}</time>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Verification code</dt>
                <dd className="font-mono text-base font-semibold tracking-wider" data-testid="certificate-code">
                  {data.code}
                </dd>
              </div>
              <div className="sm:col-span-2 print:col-span-2">
                <dt className="text-slate-600">Check it at</dt>
                <dd className="text-xs font-medium break-all">
                  <a href={verifyUrl} className="text-indigo-800 underline underline-offset-2">
                    {verifyUrl}
                  </a>
                </dd>
              </div>
            </dl>
            <CertificateQrCode url={verifyUrl} className="h-32 w-32 shrink-0 print:h-[30mm] print:w-[30mm]" />
          </div>
        </div>
      </section>
      {can(viewer?.role, 'revokeCertificates') ? <CertificateRevocation certificate={data} /> : null}
    </div>
  );
}
