import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORAGE_KEYS } from '@learnbuild/domain/constants';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, errorMessage, onUnauthorized } from './api-client';

function clientAnswering(status: number, data: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createApiClient('http://api.test');
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', String(status), config, null, response);
    return response;
  };
  client.defaults.adapter = adapter;
  return { client, seen };
}

beforeEach(() => localStorage.clear());

describe('API client (SPEC 7)', () => {
  it('uses one base URL, a 30000 ms timeout and JSON', async () => {
    const { client, seen } = clientAnswering(200, { success: true });
    await client.get('/api/subjects');
    expect(client.defaults.timeout).toBe(30000);
    expect(seen[0]!.baseURL).toBe('http://api.test');
    expect(seen[0]!.headers['Content-Type']).toBe('application/json');
  });

  it('sends the Bearer token from local storage', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-123');
    const { client, seen } = clientAnswering(200, {});
    await client.get('/api/auth/me');
    expect(seen[0]!.headers.Authorization).toBe('Bearer tok-123');
  });

  it('drops the JSON content type for uploads', async () => {
    const { client, seen } = clientAnswering(200, {});
    const form = new FormData();
    form.append('avatar', new Blob(['x']), 'a.png');
    await client.post('/api/auth/avatar', form);
    expect(seen[0]!.headers['Content-Type']).not.toBe('application/json');
  });

  it('stores any token field it sees', async () => {
    const { client } = clientAnswering(200, { success: true, token: 'fresh-token' });
    await client.post('/api/auth/verify-otp', {});
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh-token');
  });

  it('removes the stored token on a 401 and tells listeners', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'stale');
    let told = 0;
    const stop = onUnauthorized(() => {
      told += 1;
    });
    const { client } = clientAnswering(401, { success: false, error: 'Your session has expired, please log in again' });
    await expect(client.get('/api/auth/me')).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(told).toBe(1);
    stop();
  });

  it('reads errors from the body, else uses the fallback message', async () => {
    const withError = clientAnswering(400, { success: false, error: 'Invalid email or password' });
    const failure = await withError.client.post('/api/auth/login', {}).catch((e: unknown) => e);
    expect(errorMessage(failure, 'Login failed')).toBe('Invalid email or password');
    const bare = clientAnswering(500, '<html>');
    const other = await bare.client.post('/api/auth/login', {}).catch((e: unknown) => e);
    expect(errorMessage(other, 'Login failed')).toBe('Login failed');
    expect(errorMessage(new Error('boom'), 'Failed to verify OTP')).toBe('Failed to verify OTP');
  });

  it('on a timeout shows the fallback message followed by the reason', async () => {
    // A real server that never answers, and the client's real adapter with a short timeout.
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const client = createApiClient(`http://127.0.0.1:${port}`);
      const failure = await client.post('/api/auth/login', {}, { timeout: 50 }).catch((e: unknown) => e);
      expect(errorMessage(failure, 'Login failed')).toBe('Login failed: the server took too long to answer');
      expect(errorMessage(failure, 'Failed to resend OTP')).toBe(
        'Failed to resend OTP: the server took too long to answer',
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a request that never reached the server shows the bare fallback message', async () => {
    const client = createApiClient('http://api.test');
    client.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    };
    const failure = await client.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(errorMessage(failure, 'Registration failed')).toBe('Registration failed');
  });
});
