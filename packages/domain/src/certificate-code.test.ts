import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_CODE_ALPHABET,
  formatCertificateCode,
  newCertificateCode,
  normalizeCertificateCode,
} from './certificate-code';

describe('certificate verification codes', () => {
  it('makes 12 characters of the 32-letter alphabet, different every time', () => {
    const codes = Array.from({ length: 200 }, newCertificateCode);
    for (const code of codes) {
      expect(code).toHaveLength(12);
      expect([...code].every((char) => CERTIFICATE_CODE_ALPHABET.includes(char))).toBe(true);
    }
    expect(new Set(codes).size).toBe(200);
    expect(CERTIFICATE_CODE_ALPHABET).toHaveLength(32);
    expect(CERTIFICATE_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('prints a code in groups of four', () => {
    expect(formatCertificateCode('7KQ29XMD4H1B')).toBe('7KQ2-9XMD-4H1B');
  });

  it('reads a typed code whatever its case, spaces and dashes, and I, L, O as 1, 1, 0', () => {
    expect(normalizeCertificateCode(' 7kq2-9xmd-4h1b ')).toBe('7KQ29XMD4H1B');
    expect(normalizeCertificateCode('7KQ2 9XMD 4HIB')).toBe('7KQ29XMD4H1B');
    expect(normalizeCertificateCode('OKQ29XMD4HLB')).toBe('0KQ29XMD4H1B');
    // Codes given by the migration are hexadecimal digits, which the alphabet holds.
    expect(normalizeCertificateCode('0123456789AB')).toBe('0123456789AB');
  });

  it('refuses what cannot be a code', () => {
    for (const input of ['', '7KQ29XMD4H1', '7KQ29XMD4H1BX', '7KQ29XMD4H1U', '7KQ2_9XMD_4H1B', '../../etc/pass']) {
      expect(normalizeCertificateCode(input)).toBeNull();
    }
  });
});
