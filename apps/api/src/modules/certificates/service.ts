import { formatCertificateCode, normalizeCertificateCode } from '@learnbuild/domain/certificate-code';
import {
  CERTIFICATE_NOT_FOUND,
  type CertificateVerification,
  MALFORMED_CERTIFICATE_CODE,
} from '@learnbuild/domain/schemas/certificates';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { certificate } from '../course-learning/service';
import * as q from './queries';

/** Reads a code as a person typed or scanned it: any case, with or without dashes (400 when it cannot be one). */
export async function verifyCertificate(db: DbOrTx, typed: string): Promise<CertificateVerification> {
  const code = normalizeCertificateCode(typed);
  if (!code) throw badRequest(MALFORMED_CERTIFICATE_CODE);
  const row = await q.findCertificateByCode(db, code);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  const { verificationCode, issuedAt, revokedAt, ...names } = row;
  return {
    code: formatCertificateCode(verificationCode),
    ...names,
    issuedAt: issuedAt.toISOString(),
    revoked: revokedAt !== null,
    revokedAt: revokedAt?.toISOString() ?? null,
  };
}

/** Revokes with a reason; a second revocation is refused (409) and keeps the first one's date and reason. */
export async function revokeCertificate(db: DbOrTx, adminId: string, id: string, reason: string) {
  // Read first: an unknown certificate is a 404 (certificate() says so), a revoked one a 409.
  const current = await certificate(db, id);
  if (current.revokedAt || !(await q.revokeCertificate(db, id, reason, adminId)))
    throw conflict('This certificate is already revoked');
  return certificate(db, id);
}

/** Restoring a certificate that is not revoked changes nothing and answers the same. */
export async function restoreCertificate(db: DbOrTx, id: string) {
  await certificate(db, id);
  await q.restoreCertificate(db, id);
  return certificate(db, id);
}
