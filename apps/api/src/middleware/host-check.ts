import type { Request, RequestHandler } from 'express';
import { isLoopbackHost } from '../config';

/** The host name of a Host header value (`name:port`, `[v6]:port`), lower case. */
function hostnameOf(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  return (colon === -1 ? value : value.slice(0, colon)).replace(/\.$/, '');
}

/**
 * Answers only requests addressed to PUBLIC_URL's host or to this machine
 * (localhost, 127.0.0.0/8, [::1]); anything else gets 421. A DNS-rebinding
 * page (evil.example resolving to 127.0.0.1) thus never reaches a running
 * copy's /dev/mailbox or API. The raw Host header is checked, and the
 * forwarded host too when a trusted proxy sent one (`req.hostname`), so a
 * same-origin script cannot pass by adding X-Forwarded-Host. `/api/health` and `/api/ready`
 * answer any host (load-balancer probes address the container by IP).
 */
export function hostCheck(publicUrl: string): RequestHandler {
  const addressedHere = requestAddressedHere(publicUrl);
  return (req, res, next) => {
    if (addressedHere(req) || req.path === '/api/health' || req.path === '/api/ready') {
      next();
      return;
    }
    res
      .status(421)
      .set('cache-control', 'no-store')
      .type('text/plain')
      .send('Okänd värd: använd tjänstens adress.');
  };
}

/** The request's Host (and a trusted proxy's forwarded host) is PUBLIC_URL's host or loopback. */
export function requestAddressedHere(publicUrl: string): (req: Request) => boolean {
  const publicHost = new URL(publicUrl).hostname.toLowerCase();
  const allowed = (host: string) => host === publicHost || isLoopbackHost(host);
  return (req) => {
    const raw = hostnameOf(req.headers.host ?? '');
    const forwarded = hostnameOf(req.hostname ?? '');
    return allowed(raw) && (!forwarded || allowed(forwarded));
  };
}
