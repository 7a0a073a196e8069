import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ error: `${name} must be a URL` }).optional())
    .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'PORT must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  REDIS_URL: optionalUrl('REDIS_URL'),
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().min(3).default('LearnBuild <no-reply@localhost>'),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  OIDC_ISSUER: optionalUrl('OIDC_ISSUER'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().default('Single sign-on'),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  JUDGE0_URL: optionalUrl('JUDGE0_URL'),
  JUDGE0_AUTH_TOKEN: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  VIDEO_CHANNEL_URL: z.url({ error: 'VIDEO_CHANNEL_URL must be a URL' }).default('https://www.youtube.com/@learnbuild'),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  EXPENSIVE_READS_PER_MINUTE: z.coerce
    .number({ error: 'EXPENSIVE_READS_PER_MINUTE must be a number' })
    .int()
    .min(0)
    .default(120),
  REGISTRATIONS_PER_HOUR: z.coerce
    .number({ error: 'REGISTRATIONS_PER_HOUR must be a number' })
    .int()
    .min(1, 'REGISTRATIONS_PER_HOUR must be at least 1')
    .default(10),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  github: { clientId: string; clientSecret: string } | undefined;
  videoChannelUrl: string;
  /** A Judge0-compatible service that runs C++ and Java; unset, those languages cannot run here. */
  judge0Url: string | undefined;
  /** Sent to the judge as X-Auth-Token when set. */
  judge0AuthToken: string | undefined;
  /** How long a run may wait for the judge before the API answers 503. */
  judge0TimeoutMs: number;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /** Calls per minute one client (user or IP) may make to an expensive public read; 0 turns the limit off. */
  expensiveReadsPerMinute: number;
  /** Sign-ups one IP address may make in an hour. */
  registrationsPerHour: number;
}

export class ConfigError extends Error {}

/** Parses the environment; a missing or malformed variable throws a one-line message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid environment variable JWT_SECRET: required when NODE_ENV=production');
  }
  if (e.OIDC_ISSUER && (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid environment variable OIDC_CLIENT_ID: OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    );
  }
  if (Boolean(e.GITHUB_CLIENT_ID) !== Boolean(e.GITHUB_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid environment variable GITHUB_CLIENT_SECRET: set both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME }
        : undefined,
    github:
      e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
        ? { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET }
        : undefined,
    videoChannelUrl: e.VIDEO_CHANNEL_URL,
    judge0Url: e.JUDGE0_URL,
    judge0AuthToken: e.JUDGE0_AUTH_TOKEN,
    judge0TimeoutMs: 15_000,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    expensiveReadsPerMinute: e.EXPENSIVE_READS_PER_MINUTE,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
  };
}

/** `npm start` and `npm run seed` stop on a bad variable with its one-line message, never a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** DESIGN: without JWT_SECRET a key is generated once into DATA_DIR so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
