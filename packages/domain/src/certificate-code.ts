/**
 * A certificate's verification code (issue 30): printed on it, in its QR code, and read back by anyone at
 * /certificates/verify/{code}. Twelve characters of Crockford's base 32 (no I, L, O or U, so nothing reads as
 * another character), shown in groups of four. About 60 bits: codes cannot be guessed or walked.
 */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 12;

/** A new random code, as stored (no dashes). */
export function newCertificateCode(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(CERTIFICATE_CODE_LENGTH));
  // 256 is a multiple of 32, so every character is equally likely.
  return Array.from(bytes, (byte) => CERTIFICATE_CODE_ALPHABET[byte % 32]).join('');
}

/** The code as printed: XXXX-XXXX-XXXX. */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * The stored form of a code typed or scanned by a person, or null when it cannot be one: case, spaces and dashes
 * do not matter, and the letters Crockford's alphabet leaves out are read as the digits they look like (I and L
 * as 1, O as 0).
 */
export function normalizeCertificateCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (code.length !== CERTIFICATE_CODE_LENGTH) return null;
  return [...code].every((char) => CERTIFICATE_CODE_ALPHABET.includes(char)) ? code : null;
}
