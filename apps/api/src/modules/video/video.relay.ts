import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../../lib/logger';

/*
 * Carries a room's messages between API processes with Postgres
 * LISTEN/NOTIFY (docs/rules/video.md#two-processes, decision 470): every message is
 * NOTIFYed on one channel, and each process delivers what it receives to its
 * own sockets. LISTEN needs a session of its own, so each process holds one
 * direct connection for it (never through a transaction-pooling proxy).
 * A NOTIFY payload is at most 8000 bytes: longer messages (an SDP offer) go
 * in numbered chunks and are put together again on receipt. Nothing is
 * stored.
 */

const CHANNEL = 'video_signal';
const CHUNK = 7000;

/** What travels between processes: for one booking, to one role (or both). */
export interface RelayMessage {
  bookingId: string;
  /** Who should get it; null: both. */
  to: 'CLIENT' | 'PROVIDER' | null;
  /** The sending connection (never delivered back to it). */
  from: string;
  body: Record<string, unknown>;
}

/** The wait before listening again after the connection dropped: doubling from 100 ms up to 5 s. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export class VideoRelay {
  private listener: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = RECONNECT_FIRST_MS;
  private readonly partial = new Map<string, { parts: string[]; got: number; at: number }>();
  private readonly handlers = new Set<(m: RelayMessage) => void>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  /** Starts listening (once); the connection is the pool's settings, but its own. */
  async start(): Promise<void> {
    if (this.listener || this.stopped) return;
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    this.listener = client;
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) this.receive(n.payload);
    });
    client.on('error', (err) => {
      this.logger.error({ err }, 'video relay connection failed');
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      if (this.listener === client) this.listener = null;
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  /**
   * The listening connection went away (a restart of Postgres, a
   * terminated backend, a network cut): listen again on a new one, waiting
   * longer after each failure. Messages sent meanwhile are lost; the
   * browsers' own reconnect recovers them (decision 470).
   */
  private dropped(client: pg.Client): void {
    if (this.listener !== client || this.stopped) return;
    this.listener = null;
    void client.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.stopped || this.listener) return;
      this.listen().then(
        () => {
          this.retryMs = RECONNECT_FIRST_MS;
          this.logger.warn('video relay listening again');
        },
        (err: unknown) => {
          this.logger.error({ err }, 'video relay could not listen again');
          this.retryLater();
        },
      );
    }, wait);
    this.retryTimer.unref();
  }

  onMessage(handler: (m: RelayMessage) => void): void {
    this.handlers.add(handler);
  }

  async send(message: RelayMessage): Promise<void> {
    const text = JSON.stringify(message);
    const id = randomUUID();
    const n = Math.max(1, Math.ceil(text.length / CHUNK));
    for (let i = 0; i < n; i += 1) {
      const payload = `${id}|${i}|${n}|${text.slice(i * CHUNK, (i + 1) * CHUNK)}`;
      await this.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    }
  }

  private receive(payload: string): void {
    const [id, i, n] = payload.split('|', 3) as [string, string, string];
    const body = payload.slice(id.length + i.length + n.length + 3);
    const total = Number(n);
    let text: string | null = null;
    if (total === 1) text = body;
    else {
      const entry = this.partial.get(id) ?? {
        parts: new Array<string>(total),
        got: 0,
        at: Date.now(),
      };
      if (entry.parts[Number(i)] === undefined) entry.got += 1;
      entry.parts[Number(i)] = body;
      this.partial.set(id, entry);
      if (entry.got === total) {
        this.partial.delete(id);
        text = entry.parts.join('');
      }
      // A message whose other chunks never came is dropped after a minute.
      for (const [key, e] of this.partial) if (Date.now() - e.at > 60_000) this.partial.delete(key);
    }
    if (text === null) return;
    let message: RelayMessage;
    try {
      message = JSON.parse(text) as RelayMessage;
    } catch {
      return;
    }
    for (const handler of this.handlers) handler(message);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.listener;
    this.listener = null;
    if (client) await client.end().catch(() => undefined);
  }
}
