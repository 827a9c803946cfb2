import { Router, type Request, type Response } from 'express';
import * as client from 'openid-client';
import { bankIdInitiateQuerySchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { signIn } from '../../lib/auth-session';
import { anonymousSessionLimit } from '../../lib/session';
import { sessionCookieName } from '../../lib/session';
import { createSsnCrypto } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { parse } from '../../middleware/validate';
import { createRelyingParty } from './bankid.client';
import {
  AFTER_AUTH_PATH,
  MAX_PENDING_SIGN_INS,
  PENDING_SIGN_IN_TTL_MS,
  type BankIdFailureReason,
} from './bankid.constants';
import {
  assertAcrMatches,
  BankIdFailure,
  identityFromClaims,
  linkDemoIdentities,
  resolveAccount,
  type BankIdRole,
} from './bankid.service';
import { recordSignIn } from '../users/users.repository';
import { createLocalOidcProvider } from './local-provider';
import { bankIdTestIdentities } from './test-identities';

/** A sign-in started in this browser session and not yet finished. */
interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  role: BankIdRole;
  /** The acr_values asked for, if any; the ID token's acr must match it. */
  acr?: string;
  createdAt: number;
}

declare module 'express-session' {
  interface SessionData {
    /** BankID sign-ins in flight (one per tab), consumed by the callback. */
    bankid?: PendingSignIn[];
  }
}

/** The issuer the relying party trusts: the broker, or the local test provider. */
function relyingPartyIssuer(config: Config): string {
  return config.oidc.issuer ?? `${config.publicUrl}/oidc`;
}

/**
 * The local BankID test provider (development and tests), to mount at
 * `/oidc` before the API's body parsers and outside the CSRF middleware.
 * Its issuer is PUBLIC_URL/oidc: the relying party discovers it over HTTP.
 */
export function localOidcRouter(config: Config): Router {
  if (!config.oidc.localProvider) {
    throw new Error('the local OIDC test provider is never mounted in production');
  }
  return createLocalOidcProvider({
    issuer: relyingPartyIssuer(config),
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    redirectUris: [config.oidc.redirectUri],
    ssnClaim: config.oidc.ssnClaim,
    nameClaim: config.oidc.nameClaim,
    secret: config.sessionSecret,
    identities: bankIdTestIdentities(),
  }).router;
}

/** A summary of an error for the log: its kind and OAuth code, never claims or tokens. */
function errorSummary(err: unknown): Record<string, unknown> | undefined {
  if (!(err instanceof Error)) return undefined;
  const e = err as Error & { code?: unknown; error?: unknown; status?: unknown };
  return {
    name: e.name,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.error === 'string' ? { oauthError: e.error } : {}),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
  };
}

function isNetworkError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return true;
  return err instanceof TypeError && /fetch failed|network/i.test(err.message);
}

/** Which failure an error from the token exchange and ID token checks is. */
function classify(err: unknown): BankIdFailure {
  if (err instanceof BankIdFailure) return err;
  if (err instanceof client.AuthorizationResponseError) {
    return err.error === 'access_denied'
      ? new BankIdFailure('cancelled', 'cancelled at the identity provider')
      : new BankIdFailure('failed', `authorization error ${err.error}`);
  }
  if (err instanceof client.ResponseBodyError) {
    return new BankIdFailure('invalid', `token endpoint refused: ${err.error}`);
  }
  if (isNetworkError(err)) return new BankIdFailure('unavailable', 'identity provider unreachable');
  const cause = (err as { cause?: unknown } | undefined)?.cause;
  if (isNetworkError(cause))
    return new BankIdFailure('unavailable', 'identity provider unreachable');
  return new BankIdFailure('invalid', 'authorization response or ID token failed validation');
}

export interface BankIdDeps {
  config: Config;
  database: DbHandle;
  logger: Logger;
}

/**
 * `GET /auth/bankid/initiate` and `GET /auth/bankid/callback` (mounted under
 * `/api`, after the session middleware): the authorization-code flow with
 * PKCE, state and nonce against the BankID broker.
 */
export function bankIdRouter({ config, database, logger }: BankIdDeps): Router {
  const rp = createRelyingParty(config.oidc, relyingPartyIssuer(config), {
    allowHttp: !config.isProduction,
  });
  const ssnCrypto = createSsnCrypto(config.ssnKeys);

  // Development only: the seeded demo providers get their test personnummer, once.
  let demoLinked: Promise<unknown> | undefined;
  const ensureDemoIdentities = async () => {
    if (!config.devSurfaces) return;
    demoLinked ??= linkDemoIdentities(database.db, ssnCrypto, bankIdTestIdentities(), logger).catch(
      (err: unknown) => {
        demoLinked = undefined;
        logger.warn({ err: errorSummary(err) }, 'could not link the demo identities');
      },
    );
    await demoLinked;
  };

  // The request's logger (with its request id) when the request-log middleware ran.
  const log = (req: Request): Logger => (req as Request & { log?: Logger }).log ?? logger;

  const router = Router();

  router.get(
    '/auth/bankid/initiate',
    anonymousSessionLimit(config, database.db),
    async (req, res) => {
      const query = parse(bankIdInitiateQuerySchema, req.query);
      let configuration: client.Configuration;
      try {
        configuration = await rp.configuration();
      } catch (err) {
        log(req).error({ bankid: errorSummary(err) }, 'BankID issuer discovery failed');
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: 'BankID är inte tillgängligt just nu. Försök igen om en stund.',
        });
      }
      void ensureDemoIdentities();

      const codeVerifier = client.randomPKCECodeVerifier();
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        role: query.role,
        ...(query.acrValues ? { acr: query.acrValues } : {}),
        createdAt: Date.now(),
      };
      const now = Date.now();
      const live = (req.session.bankid ?? []).filter(
        (p) => now - p.createdAt < PENDING_SIGN_IN_TTL_MS,
      );
      req.session.bankid = [...live, pending].slice(-MAX_PENDING_SIGN_INS);

      const parameters: Record<string, string> = {
        redirect_uri: config.oidc.redirectUri,
        response_type: 'code',
        scope: config.oidc.scopes,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        // Every sign-in is a fresh BankID identification, never a silent SSO session.
        prompt: 'login',
        ui_locales: 'sv',
      };
      if (query.acrValues) parameters.acr_values = query.acrValues;
      const authorizationUrl = client.buildAuthorizationUrl(configuration, parameters);
      res.json({ authorizationUrl: authorizationUrl.href });
    },
  );

  router.get('/auth/bankid/callback', async (req: Request, res: Response) => {
    const fail = (failure: BankIdFailure, err?: unknown) => {
      log(req).warn(
        { bankid: { reason: failure.reason, detail: failure.detail, error: errorSummary(err) } },
        'BankID sign-in failed',
      );
      res.redirect(`${AFTER_AUTH_PATH}?error=${failure.reason satisfies BankIdFailureReason}`);
    };

    const incoming = new URL(req.originalUrl, 'http://callback.invalid');
    const state = incoming.searchParams.get('state');
    const all = req.session.bankid ?? [];
    const match = state ? all.find((p) => p.state === state) : undefined;
    // One use only: the pending sign-in is consumed whatever happens next.
    req.session.bankid = all.filter((p) => p !== match);
    if (!match) {
      const cookieSent = (req.headers.cookie ?? '')
        .split(';')
        .some((pair) => pair.trim().startsWith(`${sessionCookieName(config)}=`));
      fail(
        !cookieSent
          ? new BankIdFailure('cookie', 'no session cookie came back with the callback')
          : all.length === 0
            ? new BankIdFailure('expired', 'no sign-in in progress in this session')
            : new BankIdFailure('invalid', 'state does not match a sign-in in progress'),
      );
      return;
    }
    if (Date.now() - match.createdAt >= PENDING_SIGN_IN_TTL_MS) {
      fail(new BankIdFailure('expired', 'the sign-in took too long'));
      return;
    }

    try {
      let configuration: client.Configuration;
      try {
        configuration = await rp.configuration();
      } catch (err) {
        throw new BankIdFailure(
          'unavailable',
          `issuer discovery failed (${errorSummary(err)?.name})`,
        );
      }
      // The URL the broker redirected to, as registered (not as seen behind a proxy).
      const currentUrl = new URL(config.oidc.redirectUri);
      currentUrl.search = incoming.search;
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: match.codeVerifier,
        expectedState: match.state,
        expectedNonce: match.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new BankIdFailure('invalid', 'no ID token');
      assertAcrMatches(match.acr, idToken.acr);
      let claims: Record<string, unknown> = { ...idToken };
      if (claims[config.oidc.ssnClaim] === undefined && tokens.access_token) {
        // Some brokers (Signicat) send the personnummer from userinfo only.
        const userInfo = await client.fetchUserInfo(
          configuration,
          tokens.access_token,
          idToken.sub,
        );
        claims = { ...userInfo, ...claims };
      }
      const { ssn, name } = identityFromClaims(claims, config.oidc);

      await ensureDemoIdentities();
      const outcome = await resolveAccount(
        database.db,
        ssnCrypto,
        { issuer: idToken.iss, subject: idToken.sub, ssn, name },
        match.role,
      );
      await signIn(req, outcome.user.id, outcome.user.sessionVersion, 'bankid');
      await recordSignIn(database.db, outcome.user.id);
      log(req).info(
        { userId: outcome.user.id, created: outcome.created, type: outcome.user.type },
        'BankID sign-in',
      );
      res.redirect(AFTER_AUTH_PATH);
    } catch (err) {
      const failure = classify(err);
      fail(failure, failure === err ? undefined : err);
    }
  });

  return router;
}
