/**
 * The one HTTP client of the web app: every request carries
 * credentials; every request other than GET/HEAD/OPTIONS carries the cached
 * CSRF token in `x-csrf-token`; a non-OK answer becomes an ApiRequestError
 * with the server's message; a 401 also fires the global auth-error event.
 */

export const API_BASE = '/api';
export const AUTH_ERROR_EVENT = 'samtalsmatch:auth-error';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** SERIES_CONFLICT: the series' hours that are taken (ISO), as the server listed them. */
  readonly conflicts: string[] | undefined;
  /** True when `message` is the server's own message field (not the generic fallback). */
  readonly fromServer: boolean;

  constructor(
    message: string,
    status: number,
    extra: {
      code?: string;
      fieldErrors?: Record<string, string[]>;
      conflicts?: string[];
      fromServer?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = extra.code;
    this.fieldErrors = extra.fieldErrors;
    this.conflicts = extra.conflicts;
    this.fromServer = extra.fromServer ?? false;
  }
}

let csrfToken: string | null = null;
let csrfRequest: Promise<string> | null = null;

/** Fetched once and cached; cleared on logout (and refetched after a 403 CSRF failure). */
export async function getCsrfToken(): Promise<string> {
  if (csrfToken) return csrfToken;
  csrfRequest ??= request<{ csrfToken: string }>('GET', '/csrf-token')
    .then((body) => {
      csrfToken = body.csrfToken;
      return body.csrfToken;
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

export function clearCsrfToken(): void {
  csrfToken = null;
}

/** A new session (after login) comes with a new token: use it from now on. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function request<T>(
  method: string,
  path: string,
  body?: BodyInit | null,
  headers: Record<string, string> = {},
  retriedCsrf = false,
): Promise<T> {
  const finalHeaders: Record<string, string> = { accept: 'application/json', ...headers };
  if (!SAFE_METHODS.has(method)) finalHeaders['x-csrf-token'] = await getCsrfToken();

  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'include',
    headers: finalHeaders,
    body: body ?? null,
  });

  if (!response.ok) {
    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }
    const data = (payload ?? {}) as {
      message?: unknown;
      code?: unknown;
      fieldErrors?: unknown;
      conflicts?: unknown;
    };
    // The session (and with it the CSRF token) may have been replaced: fetch a new token once.
    if (response.status === 403 && data.code === 'CSRF_INVALID' && !retriedCsrf) {
      clearCsrfToken();
      return request<T>(method, path, body, headers, true);
    }
    const message =
      typeof data.message === 'string'
        ? data.message
        : `${method} ${path} failed: ${response.statusText}`;
    if (response.status === 401 && typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
    }
    throw new ApiRequestError(message, response.status, {
      fromServer: typeof data.message === 'string',
      ...(typeof data.code === 'string' ? { code: data.code } : {}),
      ...(data.fieldErrors && typeof data.fieldErrors === 'object'
        ? { fieldErrors: data.fieldErrors as Record<string, string[]> }
        : {}),
      ...(Array.isArray(data.conflicts)
        ? { conflicts: data.conflicts.filter((t): t is string => typeof t === 'string') }
        : {}),
    });
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const json = (value: unknown) => JSON.stringify(value ?? {});
const JSON_HEADERS = { 'content-type': 'application/json' };

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, json(body), JSON_HEADERS),
  postForm: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, json(body), JSON_HEADERS),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, json(body), JSON_HEADERS),
  /** DELETE, with a JSON body when one is given (DELETE /users/me carries the proof). */
  delete: <T>(path: string, body?: unknown) =>
    body === undefined
      ? request<T>('DELETE', path)
      : request<T>('DELETE', path, json(body), JSON_HEADERS),
};
