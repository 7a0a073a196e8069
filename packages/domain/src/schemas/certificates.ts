import { z } from 'zod';

/** Said when a typed or linked code cannot be a certificate code at all (400), before any look-up. */
export const MALFORMED_CERTIFICATE_CODE = 'A certificate code has 12 letters and digits, like 7K3M-Q9TX-2BRD';
export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const REVOKE_REASON_MAX = 500;

/** What anyone holding a certificate's code may read about it: the snapshot taken on the day it was issued. */
export const certificateVerificationSchema = z.object({
  /** As printed: XXXX-XXXX-XXXX. */
  code: z.string(),
  learnerName: z.string(),
  courseTitle: z.string(),
  instructorName: z.string(),
  issuedAt: z.string(),
  revoked: z.boolean(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
export const certificateVerificationReplySchema = z.object({
  success: z.literal(true),
  certificate: certificateVerificationSchema,
});

/** Any text up to a length: the service reads it as a code (any case, dashes or spaces) or answers 400. */
export const certificateCodeParamsSchema = z.object({
  code: z.string().max(100, MALFORMED_CERTIFICATE_CODE),
});

export const revokeCertificateBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason for revoking the certificate')
    .max(REVOKE_REASON_MAX, `Keep the reason within ${REVOKE_REASON_MAX} characters`),
});
export type RevokeCertificateBody = z.infer<typeof revokeCertificateBodySchema>;
