import type { RequestHandler } from 'express';
import type { Config } from '../config';

/**
 * The headers of every API answer (decision 508): JSON, an image or a
 * calendar file, never a document, so none of a page's policies (scripts,
 * styles, frames, browser features) applies. What does apply: nothing may
 * load or run from it if it is opened as a page, nobody may frame it, no
 * browser may guess another type, another site may not embed it, no
 * referrer leaves it, HTTPS only when served over HTTPS, and nothing is
 * cached (public-config and a calendar feed set their own cache-control).
 */
export function apiSecurityHeaders(config: Config): Map<string, string> {
  return new Map([
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...(config.secureCookies
      ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
    ['cache-control', 'no-store'],
  ]);
}

/** Sets `apiSecurityHeaders` on an API answer: built once, set one by one (no iterator per request). */
export function apiHeaders(config: Config): RequestHandler {
  const headers = [...apiSecurityHeaders(config)];
  return (_req, res, next) => {
    for (let i = 0; i < headers.length; i++) res.setHeader(headers[i]![0], headers[i]![1]);
    next();
  };
}
