import WebSocket from 'ws';

/** A video room's signalling socket as a test drives it: what came, and waiting for a kind. */
export interface SignalSocket {
  ws: WebSocket;
  messages: { type: string; data?: unknown }[];
  /** The next message of `type` not yet taken (already come, or to come). */
  next: (type: string) => Promise<{ type: string; data?: unknown }>;
  /** The close code, once closed. */
  closed: Promise<number>;
  send: (message: unknown) => void;
}

/**
 * Opens /api/video/{bookingId}/signal on `baseUrl` with the session cookie
 * and Origin a browser would send; resolves once open, rejects with
 * "HTTP <status>" when refused before the upgrade.
 */
export function openSignalSocket(
  baseUrl: string,
  bookingId: string,
  cookie: string,
  origin: string,
): Promise<SignalSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/video/${bookingId}/signal`, {
    headers: { cookie, origin },
  });
  const messages: SignalSocket['messages'] = [];
  const waiters: { type: string; resolve: (m: SignalSocket['messages'][number]) => void }[] = [];
  const taken = new Set<number>();
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as SignalSocket['messages'][number];
    messages.push(m);
    const i = waiters.findIndex((w) => w.type === m.type);
    if (i >= 0) {
      taken.add(messages.length - 1);
      waiters.splice(i, 1)[0]!.resolve(m);
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: SignalSocket = {
    ws,
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next: (type) => {
      const index = messages.findIndex((m, i) => m.type === type && !taken.has(i));
      if (index >= 0) {
        taken.add(index);
        return Promise.resolve(messages[index]!);
      }
      return new Promise((resolve) => waiters.push({ type, resolve }));
    },
  };
  return new Promise<SignalSocket>((resolve, reject) => {
    ws.on('open', () => resolve(socket));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
}
