import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseCertificates } from '../../db/schema';

/** The certificate a code was printed on; `code` is in its stored form (no dashes, upper case). */
export async function findCertificateByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      verificationCode: courseCertificates.verificationCode,
      learnerName: courseCertificates.learnerName,
      courseTitle: courseCertificates.courseTitle,
      instructorName: courseCertificates.instructorName,
      issuedAt: courseCertificates.issuedAt,
      revokedAt: courseCertificates.revokedAt,
      revokedReason: courseCertificates.revokedReason,
    })
    .from(courseCertificates)
    .where(eq(courseCertificates.verificationCode, code))
    .limit(1);
  return row;
}

/** Revokes a certificate that is not revoked yet; answers whether it did (a second revocation keeps the first). */
export async function revokeCertificate(db: DbOrTx, id: string, reason: string, revokedBy: string) {
  const rows = await db
    .update(courseCertificates)
    .set({ revokedAt: sql`now()`, revokedReason: reason, revokedBy })
    .where(sql`${courseCertificates.id} = ${id} and ${courseCertificates.revokedAt} is null`)
    .returning({ id: courseCertificates.id });
  return rows.length > 0;
}

export async function restoreCertificate(db: DbOrTx, id: string) {
  await db
    .update(courseCertificates)
    .set({ revokedAt: null, revokedReason: null, revokedBy: null })
    .where(eq(courseCertificates.id, id));
}
