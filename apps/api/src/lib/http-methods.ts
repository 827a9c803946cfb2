/** The methods that change nothing: they carry no body we read and need no CSRF token. */
export const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

const safe = new Set<string>(SAFE_METHODS);

export function isSafeMethod(method: string): boolean {
  return safe.has(method);
}
