import { REQUEST_TIMEOUT_MS } from '@learnbuild/domain/constants';
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { tokenStorage } from './storage';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Lets the session layer react when the server answers 401. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * SPEC 7: one base URL, a 30 s timeout, JSON content type (dropped for uploads), the Bearer
 * token from local storage; any reply carrying `token` stores it; a 401 removes it.
 */
export function createApiClient(baseURL = ''): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  });
  client.interceptors.request.use((config) => {
    const token = tokenStorage.get();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    if (typeof FormData !== 'undefined' && config.data instanceof FormData) config.headers.delete('Content-Type');
    return config;
  });
  client.interceptors.response.use(
    (response) => {
      const token = (response.data as { token?: unknown } | undefined)?.token;
      if (typeof token === 'string' && token) tokenStorage.set(token);
      return response;
    },
    (error: unknown) => {
      if (error instanceof AxiosError && error.response?.status === 401) {
        tokenStorage.clear();
        for (const listener of unauthorizedListeners) listener();
      }
      return Promise.reject(error);
    },
  );
  return client;
}

export const api = createApiClient(import.meta.env.VITE_API_BASE_URL ?? '');

/** SPEC 8: errors are read from the body's `error` field; otherwise the call's fallback message. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as { error?: unknown } | undefined;
    if (body && typeof body.error === 'string' && body.error) return body.error;
    if (error.code === 'ECONNABORTED') return `${fallback}: the server took too long to answer`;
  }
  return fallback;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}
