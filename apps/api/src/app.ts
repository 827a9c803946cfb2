import express, { Router } from 'express';
import helmet from 'helmet';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from './config';
import { csrf, csrfProtection } from './lib/csrf';
import { isSafeMethod } from './lib/http-methods';
import type { Logger } from './lib/logger';
import { anonymousSessionLimit, createSessionMiddleware } from './lib/session';
import { ownPaths } from './lib/own-paths';
import { shapeRequests } from './lib/request-shape';
import { defaultWebDistDir, spaRouter } from './lib/spa';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { apiHeaders } from './middleware/api-headers';
import { hostCheck } from './middleware/host-check';
import { requestLog } from './middleware/request-log';
import { loadSessionUser } from './middleware/require-auth';
import { adminRouter } from './modules/admin/admin.router';
import { authRouter } from './modules/auth/auth.router';
import { bookingsRouter } from './modules/bookings/bookings.router';
import { healthRouter } from './modules/health/health.router';
import { createMetrics } from './modules/metrics/metrics';
import { devMailboxRouter } from './modules/mail/dev-mailbox.router';
import { usersRouter } from './modules/users/users.router';
import {
  calendarFeedPublicRouter,
  calendarFeedRouter,
} from './modules/calendar-feed/calendar-feed.router';
import { createVideoSignalling, type VideoSignalling } from './modules/video/video.signal';
import { videoRouter } from './modules/video/video.router';
import { dataRightsRouter } from './modules/data-rights/data-rights.router';
import { privacyRouter } from './modules/privacy/privacy.router';
import { matchesRouter } from './modules/matching/matches.router';
import { questionnaireRouter } from './modules/questionnaire/questionnaire.router';
import { recomputeMatches } from './modules/matching/matching.service';
import { profilesRouter } from './modules/profiles/profiles.router';
import { availabilityRouter } from './modules/availability/availability.router';
import { imagesRouter } from './modules/storage/images.router';
import { postgresImageStore } from './modules/storage/image-store';
import { bankIdRouter, localOidcRouter } from './modules/bankid/bankid.router';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  logger: Logger;
  /** The clock of time-bound rules (bookings); tests move it. Default: the real time. */
  now?: () => Date;
}

/**
 * Browser features no page of ours uses, switched off for it and anything it
 * embeds: the one place the header is built. Only features Chromium knows:
 * an unknown one (`bluetooth`) is a console warning on every page
 * (docs/rules/accounts.md#a-quiet-log).
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/**
 * The video room's pages (/samtal/...) use the camera and microphone
 * themselves (docs/rules/video.md#headers); nothing they embed may, and every
 * other feature stays off as on any page.
 */
export const ROOM_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace(
  'camera=()',
  'camera=(self)',
).replace('microphone=()', 'microphone=(self)');

/** The web app's video room pages. */
const ROOM_PAGE = /^\/samtal(?:\/|$)/;

/** Parses TRUST_PROXY: a hop count, true/false, or a list of addresses/subnets. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Builds the Express app; never listens (server.ts does, tests do too). */
export function createApp({ config, database, logger, now }: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.trustProxy));
  app.set('query parser', 'simple');
  // API answers are `no-store` (public-config excepted: tiny, max-age=300), so
  // a validator is never used; hashing each body for one was about 4 % of the
  // server's time on a large answer (decision 220). Hashed assets are
  // immutable; index.html (sendFile, which follows this setting) is still
  // revalidated by Last-Modified (spa.integration.test.ts).
  app.set('etag', false);

  const metrics = createMetrics({
    database,
    publicUrl: config.publicUrl,
    token: config.metricsToken,
  });
  // First: every request is timed, logged and counted in the metrics.
  app.use(requestLog(logger, app.request, metrics.requestFinished));
  // Before the host check: a scraper may address the machine by IP with METRICS_TOKEN.
  app.get('/metrics', metrics.endpoint);
  // Only PUBLIC_URL's host and loopback: no DNS rebinding into a running copy.
  app.use(hostCheck(config.publicUrl));
  const api = Router();
  // Before the page headers below: an API answer is never a document (decision 508).
  app.use('/api', api);

  // Every answer that is not the API's: pages, the SPA, the dev mailbox, the test identity provider.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': [
            "'self'",
            ...(config.analyticsScriptUrl ? [new URL(config.analyticsScriptUrl).origin] : []),
          ],
          'style-src': ["'self'", "'unsafe-inline'"],
          // The video rooms' signalling socket, on our own origin (ws: or wss:).
          'connect-src': ["'self'", new URL(config.publicUrl).origin.replace(/^http/, 'ws')],
          'img-src': ["'self'", 'data:', 'blob:'],
          'frame-src': [
            "'self'",
            'https://www.openstreetmap.org',
            'https://maps.google.com',
            'https://www.google.com',
          ],
          // No page of ours may be framed (clickjacking); X-Frame-Options says the same to old browsers.
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: config.secureCookies,
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: 'deny' },
    }),
  );
  app.use((req, res, next) => {
    res.set(
      'permissions-policy',
      ROOM_PAGE.test(req.path) ? ROOM_PERMISSIONS_POLICY : PERMISSIONS_POLICY,
    );
    next();
  });

  // The local BankID test provider (never in production): its own body parsing, no CSRF.
  if (config.oidc.localProvider) app.use('/oidc', localOidcRouter(config));

  api.use(apiHeaders(config));
  const jsonBody = express.json({ limit: '100kb' });
  // No route of ours reads the body of a GET, HEAD or OPTIONS: a read skips the parser.
  api.use((req, res, next) => {
    if (isSafeMethod(req.method)) next();
    else jsonBody(req, res, next);
  });
  // The routes that need no session, behind one gate: a signed-in request walks past them in one step.
  const sessionless = Router();
  sessionless.use(healthRouter(database));
  sessionless.get('/public-config', (_req, res) => {
    res.set('cache-control', 'public, max-age=300').json({
      companyName: config.company.name,
      companyOrgNumber: config.company.orgNumber,
      contactEmail: config.company.contactEmail,
      analyticsScriptUrl: config.analyticsScriptUrl || null,
    });
  });
  // Signed image URLs carry their own permission: no session, no CSRF.
  sessionless.use(imagesRouter({ config, database, store: postgresImageStore }));
  // A calendar feed's secret URL is its permission: no session, no CSRF (decision 462).
  sessionless.use(calendarFeedPublicRouter({ config, database, ...(now ? { now } : {}) }));
  api.use(ownPaths(sessionless));

  const sessionMiddleware = [
    createSessionMiddleware(config, database),
    // Timeouts, session version, req.user: before the CSRF token is handed out.
    loadSessionUser(config, database.db),
  ];
  api.use(sessionMiddleware);
  // The video rooms' signalling socket reads the same session (videoSignalling below).
  app.locals.videoSignalling = createVideoSignalling({
    config,
    database,
    logger,
    session: sessionMiddleware,
    ...(now ? { now } : {}),
  });
  api.get('/csrf-token', anonymousSessionLimit(config, database.db), (req, res) => {
    res.json({ csrfToken: csrf.generateToken(req) });
  });
  api.use(csrfProtection);

  // First of the signed-in routers: every page asks who is signed in (GET /api/users/me).
  api.use(ownPaths(usersRouter({ config, database })));
  api.use(ownPaths(authRouter({ config, database })));
  api.use(ownPaths(calendarFeedRouter({ config, database })));
  api.use(ownPaths(dataRightsRouter({ config, database, ...(now ? { now } : {}) })));
  api.use(ownPaths(privacyRouter({ database })));
  api.use(ownPaths(bankIdRouter({ config, database, logger })));
  api.use(
    ownPaths(
      questionnaireRouter({
        config,
        database,
        logger,
        afterClientAnswers: async (clientId) => {
          await recomputeMatches(database.db, clientId);
        },
      }),
    ),
  );
  api.use(ownPaths(matchesRouter({ config, database, ...(now ? { now } : {}) })));
  api.use(ownPaths(profilesRouter({ config, database, store: postgresImageStore })));
  api.use(ownPaths(availabilityRouter({ database })));
  api.use(ownPaths(bookingsRouter({ config, database, ...(now ? { now } : {}) })));
  api.use(ownPaths(videoRouter({ config, database })));
  api.use(ownPaths(adminRouter({ config, database, ...(now ? { now } : {}) })));
  api.use(apiNotFound);

  // Development only: the outbox as a web page, so mailed links can be clicked.
  if (config.devMailbox) app.use('/dev', devMailboxRouter(database.db));

  const spa = spaRouter(config.webDistDir ?? defaultWebDistDir());
  if (spa) app.use(spa);

  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Sidan hittades inte.');
  });
  app.use(errorHandler);
  shapeRequests(app);
  return app;
}

/**
 * The signalling of the video rooms that `createApp` made: the listener
 * passes it the HTTP server's upgrades, and closes it on shutdown.
 */
export function videoSignallingOf(app: ReturnType<typeof createApp>): VideoSignalling {
  return app.locals.videoSignalling as VideoSignalling;
}
