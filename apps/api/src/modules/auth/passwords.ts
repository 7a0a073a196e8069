import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../lib/http-errors';

const commonPasswords = new Set<string>(dictionary['passwords-common'] as string[]);

// argon2id with OWASP's suggested memory and time costs. Algorithm is an ambient const enum, so its
// member Argon2id is written as its value.
const ARGON2ID = 2 as Algorithm.Argon2id;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** NIST SP 800-63B: refuse passwords from a common-password dictionary and ones equal to the email. */
export function assertAcceptablePassword(password: string, email: string | null): void {
  if (commonPasswords.has(password.toLowerCase())) {
    throw badRequest('This password is too common. Choose a less predictable one.');
  }
  if (email && password.trim().toLowerCase() === email.toLowerCase()) {
    throw badRequest('Your password cannot be your email address.');
  }
}
