export const OTP_LENGTH = 6;

/**
 * What a typed or pasted verification code becomes: its digits, at most six. Spaces and dashes
 * are how codes get grouped ("123 456", "123-456") and vanish without a word; anything else that
 * is dropped is named in `note`, so nothing disappears silently.
 */
export function normalizeCode(raw: string): { code: string; note: string | null } {
  const withoutSeparators = raw.replace(/[\s\-‐-―]/g, '');
  const digits = withoutSeparators.replace(/\D/g, '');
  const dropped = [...new Set(withoutSeparators.replace(/\d/g, ''))].join('');
  const code = digits.slice(0, OTP_LENGTH);
  const notes: string[] = [];
  if (dropped.length > 4) notes.push('Ignored the letters and symbols: the code has digits only.');
  else if (dropped) {
    notes.push(
      `Ignored ${dropped.length === 1 ? 'the character' : 'the characters'} "${dropped}": the code has digits only.`,
    );
  }
  if (digits.length > OTP_LENGTH)
    notes.push(`The code is ${OTP_LENGTH} digits, so only the first ${OTP_LENGTH} were kept.`);
  return { code, note: notes.length > 0 ? notes.join(' ') : null };
}
