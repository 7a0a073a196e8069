import * as oidc from 'openid-client';
import type { Config } from '../../config';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { randomToken, sha256 } from '../../lib/tokens';
import { insertOauthState, takeOauthState } from './queries';
import type { AuthContext } from './service';

export type ProviderId = 'oidc' | 'github';

export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

const STATE_TTL_MS = 10 * 60_000;

export function enabledProviders(config: Config): { id: ProviderId; name: string }[] {
  const providers: { id: ProviderId; name: string }[] = [];
  if (config.oidc) providers.push({ id: 'oidc', name: config.oidc.name });
  if (config.github) providers.push({ id: 'github', name: 'GitHub' });
  return providers;
}

function callbackUrl(config: Config, provider: ProviderId): string {
  return `${config.publicUrl}/api/auth/${provider}/callback`;
}

let oidcConfigPromise: { issuer: string; promise: Promise<oidc.Configuration> } | null = null;

function oidcConfiguration(config: Config): Promise<oidc.Configuration> {
  const settings = config.oidc;
  if (!settings) throw notFound('This sign-in provider is not configured');
  if (oidcConfigPromise?.issuer !== settings.issuer) {
    const issuer = new URL(settings.issuer);
    const promise = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      // Local and test providers speak plain http; production issuers are https.
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    });
    promise.catch(() => {
      oidcConfigPromise = null;
    });
    oidcConfigPromise = { issuer: settings.issuer, promise };
  }
  return oidcConfigPromise.promise;
}

export const GITHUB_URLS = {
  authorize: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  api: 'https://api.github.com',
};

/** The provider's discovered settings; a provider that cannot be reached is a 503, not our fault. */
async function reachableOidcConfiguration(config: Config): Promise<oidc.Configuration> {
  try {
    return await oidcConfiguration(config);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(503, 'The sign-in provider cannot be reached right now, please try again later');
  }
}

/** Builds the provider's authorization URL and records the state, nonce and PKCE verifier. */
export async function startProviderLogin(
  ctx: AuthContext,
  provider: ProviderId,
  redirectTo: string | undefined,
): Promise<string> {
  // Nothing is stored for a provider that is not configured or cannot be reached.
  if (provider === 'github' && !ctx.config.github) throw notFound('This sign-in provider is not configured');
  const configuration = provider === 'oidc' ? await reachableOidcConfiguration(ctx.config) : undefined;
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await insertOauthState(ctx.db, {
    stateHash: sha256(state),
    provider,
    codeVerifier,
    nonce,
    redirectTo: redirectTo ?? null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  if (configuration) {
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(ctx.config, 'oidc'),
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }
  const github = ctx.config.github!;
  const url = new URL(GITHUB_URLS.authorize);
  url.searchParams.set('client_id', github.clientId);
  url.searchParams.set('redirect_uri', callbackUrl(ctx.config, 'github'));
  url.searchParams.set('scope', 'read:user user:email');
  url.searchParams.set('state', state);
  return url.toString();
}

/** Completes the provider's callback and returns who signed in. */
export async function finishProviderLogin(
  ctx: AuthContext,
  provider: ProviderId,
  currentUrl: URL,
): Promise<{ profile: ProviderProfile; redirectTo: string | null }> {
  const state = currentUrl.searchParams.get('state');
  if (!state) throw badRequest('The sign-in attempt is missing its state');
  const saved = await takeOauthState(ctx.db, sha256(state));
  if (!saved || saved.provider !== provider) throw badRequest('The sign-in attempt expired, please try again');
  if (provider === 'oidc') {
    const configuration = await oidcConfiguration(ctx.config);
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: saved.codeVerifier,
      expectedState: state,
      expectedNonce: saved.nonce,
    });
    const claims = tokens.claims();
    if (!claims) throw badRequest('The provider sent no identity');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let emailVerified = claims.email_verified === true;
    let name = typeof claims.name === 'string' ? claims.name : null;
    if (!email) {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = info.email ?? null;
      emailVerified = info.email_verified === true;
      name = name ?? info.name ?? null;
    }
    return {
      profile: {
        subject: claims.sub,
        email,
        emailVerified,
        name,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      },
      redirectTo: saved.redirectTo,
    };
  }
  return { profile: await githubProfile(ctx.config, currentUrl), redirectTo: saved.redirectTo };
}

async function githubProfile(config: Config, currentUrl: URL): Promise<ProviderProfile> {
  if (!config.github) throw notFound('This sign-in provider is not configured');
  const code = currentUrl.searchParams.get('code');
  if (!code) throw badRequest('GitHub sent no authorization code');
  const tokenResponse = await fetch(GITHUB_URLS.token, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: config.github.clientId,
      client_secret: config.github.clientSecret,
      code,
      redirect_uri: callbackUrl(config, 'github'),
    }),
  });
  const tokenBody = (await tokenResponse.json()) as { access_token?: string };
  if (!tokenBody.access_token) throw badRequest('GitHub refused the sign-in');
  const headers = {
    authorization: `Bearer ${tokenBody.access_token}`,
    accept: 'application/vnd.github+json',
    'user-agent': 'LearnBuild',
  };
  const user = (await (await fetch(`${GITHUB_URLS.api}/user`, { headers })).json()) as {
    id: number;
    name: string | null;
    login: string;
    avatar_url: string | null;
  };
  const emails = (await (await fetch(`${GITHUB_URLS.api}/user/emails`, { headers })).json()) as {
    email: string;
    primary: boolean;
    verified: boolean;
  }[];
  const primary = Array.isArray(emails)
    ? (emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified))
    : undefined;
  return {
    subject: String(user.id),
    email: primary?.email ?? null,
    emailVerified: Boolean(primary?.verified),
    name: user.name ?? user.login,
    picture: user.avatar_url,
  };
}
