import { timingSafeEqual, createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@samtalsmatch/db';
import { requestAddressedHere } from '../../middleware/host-check';
import type { RequestFinished } from '../../middleware/request-log';

/**
 * The process's own figures (CPU, memory, event-loop delay, garbage
 * collection), registered once per process however many apps it builds.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/**
 * The label of a request: the pattern of the route that answered it
 * (`/api/availabilities/:id`), never the URL itself, which may hold ids, e-mail
 * addresses or tokens. Requests no route answered: `not found` or `other`
 * (static files, the SPA, the test identity provider).
 */
function routeLabel(req: Request, res: Response): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') {
    // Every API router is mounted on /api; an error on its way out may have reset req.baseUrl.
    const base = /^\/api(?:[/?]|$)/.test(req.originalUrl) ? '/api' : req.baseUrl;
    return `${base}${route.path}`;
  }
  return res.statusCode === 404 ? 'not found' : 'other';
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !isIP(address)) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function sameSecret(given: string, expected: string): boolean {
  // Equal-length digests: the comparison takes the same time whatever was sent.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export interface Metrics {
  /**
   * Records a finished request and how long it took, in ms: give it to the
   * request log (middleware/request-log.ts), which times every request.
   */
  requestFinished: RequestFinished;
  /** `GET /metrics` in the Prometheus text format, for METRICS_TOKEN or a loopback client. */
  endpoint: RequestHandler;
}

/**
 * The app's metrics: request durations by route pattern and status, the
 * mail outbox's pending and failed counts, the connection pool, and the
 * process's own figures. No label ever holds personal data.
 */
export function createMetrics(options: {
  database: DbHandle;
  publicUrl: string;
  token: string | undefined;
}): Metrics {
  const { database, token } = options;
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response finishing, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool: in use, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { totalCount, idleCount, waitingCount } = database.pool;
      this.set({ state: 'in_use' }, totalCount - idleCount);
      this.set({ state: 'idle' }, idleCount);
      this.set({ state: 'waiting' }, waitingCount);
    },
  });
  new Gauge({
    name: 'mail_outbox_mails',
    help: 'Mails in the outbox waiting to be sent (pending) or given up on (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const result = await database.db.execute<{ pending: number; failed: number }>(sql`
        select count(*) filter (where status = 'PENDING')::int as pending,
               count(*) filter (where status = 'FAILED')::int as failed
        from mail_outbox where status in ('PENDING', 'FAILED')
      `);
      const row = result.rows[0];
      this.set({ status: 'pending' }, Number(row?.pending ?? 0));
      this.set({ status: 'failed' }, Number(row?.failed ?? 0));
    },
  });

  const addressedHere = requestAddressedHere(options.publicUrl);
  const allowed = (req: Request): boolean => {
    const authorization = req.get('authorization');
    if (authorization !== undefined) {
      const bearer = /^Bearer (\S+)$/i.exec(authorization)?.[1];
      return Boolean(token && bearer && sameSecret(bearer, token));
    }
    return isLoopbackAddress(req.ip) && addressedHere(req);
  };

  return {
    requestFinished: (req, res, ms) => {
      duration.observe(
        { method: req.method, route: routeLabel(req, res), status: String(res.statusCode) },
        ms / 1000,
      );
    },
    endpoint: async (req, res, next) => {
      res.set('cache-control', 'no-store');
      if (!allowed(req)) {
        res.status(403).type('text/plain').send('Åtkomst nekad.');
        return;
      }
      try {
        const merged = Registry.merge([processMetrics(), registry]);
        const text = await merged.metrics();
        res.type(merged.contentType).send(text);
      } catch (err) {
        next(err);
      }
    },
  };
}
