import { randomUUID } from 'node:crypto';
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  errorCatalog,
  SIGNAL_MAX_BYTES,
  SIGNAL_MAX_MESSAGES,
  SIGNAL_RATE_WINDOW_MS,
  signalClientMessageSchema,
  type SignalServerMessage,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { VideoRelay, type RelayMessage } from './video.relay';
import {
  isRoomOpen,
  recordVideoEvent,
  roomFor,
  wasAdmitted,
  type RoomAccess,
} from './video.service';

/*
 * The signalling socket, /api/video/{bookingId}/signal
 * (docs/rules/video.md#signalling): authenticated by the session cookie,
 * Origin checked against PUBLIC_URL, refused before the upgrade to anyone
 * but the booking's two people and outside the room's hours. Messages are
 * bounded in size and rate and relayed only to the other person of the same
 * booking, through Postgres (video.relay.ts) so the two may be on different
 * API processes. Nothing reaches the client before the therapist's
 * "Släpp in". Nothing said is logged or stored: only who joined and when.
 */

const PATH = /^\/api\/video\/([0-9a-fA-F-]{36})\/signal$/;

interface Connection {
  id: string;
  ws: WebSocket;
  access: RoomAccess;
  /** For a client: let in by the therapist (now or earlier). A therapist is always in. */
  admitted: boolean;
  /** Taken over by a newer tab of the same person: it leaves quietly. */
  replaced: boolean;
  sent: number[];
  timer: NodeJS.Timeout | undefined;
}

export interface VideoSignalling {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  close: () => Promise<void>;
}

export function createVideoSignalling({
  config,
  database,
  logger,
  session,
  now = () => new Date(),
}: {
  config: Config;
  database: DbHandle;
  logger: Logger;
  /** The session middlewares that give an HTTP request its `req.user`. */
  session: RequestHandler[];
  now?: () => Date;
}): VideoSignalling {
  const wss = new WebSocketServer({ noServer: true, maxPayload: SIGNAL_MAX_BYTES });
  const relay = new VideoRelay(database.pool, logger);
  const rooms = new Map<string, Set<Connection>>();
  const origin = new URL(config.publicUrl).origin;
  let started: Promise<void> | null = null;

  const send = (c: Connection, message: SignalServerMessage) => {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify(message));
  };
  const other = (role: 'CLIENT' | 'PROVIDER') => (role === 'CLIENT' ? 'PROVIDER' : 'CLIENT');
  const publish = (c: Connection, to: RelayMessage['to'], body: Record<string, unknown>) =>
    relay.send({ bookingId: c.access.bookingId, to, from: c.id, body }).catch((err: unknown) => {
      logger.error({ err }, 'video relay send failed');
    });

  relay.onMessage((m) => {
    for (const c of rooms.get(m.bookingId) ?? []) {
      if (c.id === m.from || (m.to !== null && c.access.role !== m.to)) continue;
      deliver(c, m);
    }
  });

  function deliver(c: Connection, m: RelayMessage) {
    const body = m.body;
    switch (body.type) {
      case 'takeover':
        if (body.userId === c.access.userId) {
          c.replaced = true;
          send(c, { type: 'replaced' });
          c.ws.close(4001, 'replaced');
        }
        return;
      case 'presence': {
        if (c.access.role === 'PROVIDER') {
          send(c, { type: body.admitted ? 'peer-ready' : 'client-waiting' });
        } else {
          send(c, { type: 'peer-joined' });
        }
        if (!body.reply) {
          void publish(c, other(c.access.role), presence(c, true));
        }
        return;
      }
      case 'admitted':
        if (c.access.role === 'CLIENT') {
          c.admitted = true;
          send(c, { type: 'admitted' });
        } else send(c, { type: 'peer-ready' });
        return;
      case 'signal':
        // The waiting room: nothing reaches a client the therapist has not let in.
        if (c.access.role === 'CLIENT' && !c.admitted) return;
        send(c, { type: 'signal', data: body.data as Record<string, unknown> });
        return;
      case 'left':
        send(c, { type: 'peer-left' });
        return;
      default:
    }
  }

  function presence(c: Connection, reply: boolean) {
    return { type: 'presence', admitted: c.admitted, reply };
  }

  function refuse(socket: Duplex, status: number, message: string) {
    const body = JSON.stringify({ message, status });
    socket.end(
      `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : status === 409 ? 'Conflict' : 'Forbidden'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }

  async function signedInUser(req: IncomingMessage) {
    const res = new ServerResponse(req);
    for (const middleware of session) {
      await new Promise<void>((resolve, reject) => {
        void middleware(req as Request, res as unknown as Response, (err?: unknown) =>
          err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(),
        );
      });
    }
    return (req as Request).user ?? null;
  }

  async function authorise(req: IncomingMessage): Promise<RoomAccess> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const bookingId = PATH.exec(path)?.[1];
    if (!bookingId) throw new AppError('ROUTE_NOT_FOUND');
    // A page elsewhere must not open a room with the person's cookie.
    if (req.headers.origin !== origin) throw new AppError('FORBIDDEN');
    const user = await signedInUser(req);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const access = await roomFor(database.db, user, bookingId);
    if (!isRoomOpen(access, now())) {
      throw new AppError('FORBIDDEN', { message: 'Rummet är inte öppet just nu.' });
    }
    return access;
  }

  async function connected(ws: WebSocket, access: RoomAccess) {
    const c: Connection = {
      id: randomUUID(),
      ws,
      access,
      admitted: access.role === 'PROVIDER',
      replaced: false,
      sent: [],
      timer: undefined,
    };
    const set = rooms.get(access.bookingId) ?? new Set<Connection>();
    rooms.set(access.bookingId, set);
    set.add(c);
    ws.on('message', (data, isBinary) => void onMessage(c, data.toString(), isBinary));
    ws.on('close', () => void onClose(c));
    ws.on('error', () => undefined);
    c.timer = setTimeout(
      () => {
        send(c, { type: 'closed' });
        ws.close(4002, 'room closed');
      },
      Math.max(0, access.closesAt.getTime() - now().getTime()),
    );
    c.timer.unref();
    // A newer tab of the same person takes over (on any process).
    await relay.send({
      bookingId: access.bookingId,
      to: access.role,
      from: c.id,
      body: { type: 'takeover', userId: access.userId },
    });
    await recordVideoEvent(database.db, access, 'JOINED');
    if (access.role === 'CLIENT') {
      c.admitted = await wasAdmitted(database.db, access.bookingId);
      send(c, { type: c.admitted ? 'admitted' : 'waiting' });
    } else send(c, { type: 'joined' });
    await publish(c, other(access.role), presence(c, false));
  }

  async function onMessage(c: Connection, text: string, isBinary: boolean) {
    const at = Date.now();
    c.sent = c.sent.filter((t) => at - t < SIGNAL_RATE_WINDOW_MS);
    c.sent.push(at);
    if (c.sent.length > SIGNAL_MAX_MESSAGES) {
      send(c, { type: 'error', message: errorCatalog.RATE_LIMITED.message });
      c.ws.close(1008, 'rate');
      return;
    }
    let parsed: unknown;
    try {
      parsed = isBinary ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    const message = signalClientMessageSchema.safeParse(parsed);
    if (!message.success) {
      send(c, { type: 'error', message: errorCatalog.VALIDATION.message });
      return;
    }
    switch (message.data.type) {
      case 'signal':
        // A waiting client's descriptions go nowhere either.
        if (!c.admitted) return;
        await publish(c, other(c.access.role), { type: 'signal', data: message.data.data });
        return;
      case 'admit':
        if (c.access.role !== 'PROVIDER') return;
        await recordVideoEvent(database.db, c.access, 'ADMITTED');
        await publish(c, null, { type: 'admitted' });
        send(c, { type: 'peer-ready' });
        return;
      case 'leave':
        c.ws.close(1000, 'left');
    }
  }

  async function onClose(c: Connection) {
    clearTimeout(c.timer);
    const set = rooms.get(c.access.bookingId);
    set?.delete(c);
    if (set && set.size === 0) rooms.delete(c.access.bookingId);
    try {
      await recordVideoEvent(database.db, c.access, 'LEFT');
      if (!c.replaced) await publish(c, other(c.access.role), { type: 'left' });
    } catch (err) {
      logger.error({ err }, 'video leave not recorded');
    }
  }

  return {
    handleUpgrade(req, socket, head) {
      socket.on('error', () => undefined);
      void (async () => {
        try {
          // A first start that failed is tried again by the next upgrade.
          started ??= relay.start().catch((err: unknown) => {
            started = null;
            throw err;
          });
          await started;
          const access = await authorise(req);
          wss.handleUpgrade(req, socket, head, (ws) => {
            connected(ws, access).catch((err: unknown) => {
              logger.error({ err }, 'video join failed');
              ws.close(1011);
            });
          });
        } catch (err) {
          if (err instanceof AppError) {
            refuse(socket, err.status, err.message);
          } else {
            logger.error({ err }, 'video upgrade failed');
            refuse(socket, 500, errorCatalog.INTERNAL.message);
          }
        }
      })();
    },
    async close() {
      for (const set of rooms.values()) for (const c of set) c.ws.terminate();
      wss.close();
      await relay.stop();
    },
  };
}
