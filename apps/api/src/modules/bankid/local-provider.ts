import { createHash, createHmac, generateKeyPairSync } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { parsePersonnummer } from '../../lib/personnummer';
import { BANKID_ACR_QR, BANKID_ACR_VALUES } from './bankid.constants';
import { memoryAdapterFactory } from './local-provider-store';
import { renderErrorPage, renderLoginPage } from './login-page';
import type { TestIdentity } from './test-identities';

/**
 * A local OpenID Connect provider standing in for a BankID broker in
 * development and tests (docs/rules/accounts.md#bankid): the real protocol (discovery, code flow
 * with PKCE, state, nonce, signed ID tokens) with a Swedish test login page
 * instead of the BankID app. It is never mounted in production (app.ts).
 *
 * Like Idura/Criipto, it puts the personnummer and the name in the ID token
 * under the configured claim names, with the `openid` scope alone.
 */
export interface LocalOidcProviderOptions {
  /** The issuer identifier, e.g. `http://localhost:3000/oidc`; its path is the mount path. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  ssnClaim: string;
  nameClaim: string;
  /** Signs the provider's cookies and derives the stable `sub` of each person. */
  secret: string;
  identities: readonly TestIdentity[];
  /**
   * Refuse an invalid personnummer on the login page (default). Tests turn it
   * off to check that the relying party refuses one on its own.
   */
  validatePersonnummer?: boolean;
  /**
   * Tests only: the acr the ID token carries whatever was asked for (a broker
   * that authenticated by another method than requested).
   */
  answerAcr?: string;
}

interface Person {
  ssn: string;
  name: string;
}

const NAME_MAX = 100;

function splitName(name: string): { given: string; family: string } {
  const parts = name.trim().split(/\s+/);
  const family = parts.length > 1 ? parts.pop()! : '';
  return { given: parts.join(' '), family };
}

/** Builds the provider and an Express router to mount at the issuer's path. */
export function createLocalOidcProvider(options: LocalOidcProviderOptions): {
  provider: Provider;
  router: Router;
  mountPath: string;
} {
  const mountPath = new URL(options.issuer).pathname.replace(/(?<!\/)\/+$/, '');
  const validate = options.validatePersonnummer ?? true;
  // Who signed in, by subject: findAccount reads the claims from here.
  const people = new Map<string, Person>();
  const subjectKey = createHmac('sha256', options.secret).update('local-oidc:subject').digest();
  const subjectFor = (ssn: string) =>
    createHmac('sha256', subjectKey).update(ssn).digest('base64url').slice(0, 32);

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const kid = createHash('sha256').update(JSON.stringify(jwk)).digest('base64url').slice(0, 16);

  const claimsFor = (sub: string) => {
    const person = people.get(sub);
    if (!person) return { sub };
    const { given, family } = splitName(person.name);
    return {
      sub,
      [options.ssnClaim]: person.ssn,
      [options.nameClaim]: person.name,
      given_name: given,
      family_name: family,
    };
  };

  const configuration: Configuration = {
    adapter: memoryAdapterFactory(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] as never },
    cookies: {
      keys: [createHmac('sha256', options.secret).update('local-oidc:cookies').digest('hex')],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid'],
    claims: { openid: ['sub', options.ssnClaim, options.nameClaim, 'given_name', 'family_name'] },
    // Claims granted by scope go into the ID token, as BankID brokers do.
    conformIdTokenClaims: false,
    acrValues: [...BANKID_ACR_VALUES],
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 120,
      IdToken: 300,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) =>
      people.has(sub) ? { accountId: sub, claims: () => claimsFor(sub) } : undefined,
    // A first-party client: consent is implied, no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const grantId =
        (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        oidc.session?.grantIdFor(oidc.client!.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (!oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(
        `Testleverantören kunde inte behandla begäran (${String(out.error ?? 'fel')}).`,
      );
    },
  };

  const provider = new Provider(options.issuer, configuration);

  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });
  const noStore = (_req: Request, res: Response, next: () => void) => {
    res.set('cache-control', 'no-store');
    next();
  };

  const showError = (res: Response, status: number, message: string) =>
    res.status(status).type('html').send(renderErrorPage(message));

  const expired = 'Inloggningen har gått ut eller hittades inte. Börja om från inloggningssidan.';

  router.get('/interaction/:uid', noStore, async (req, res) => {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      showError(res, 400, expired);
      return;
    }
    if (details.uid !== req.params.uid) {
      showError(res, 400, expired);
      return;
    }
    if (details.prompt.name !== 'login') {
      // Consent is implied for this first-party client.
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        {
          mergeWithLastSubmission: true,
        },
      );
      return;
    }
    res.type('html').send(
      renderLoginPage({
        uid: details.uid,
        mountPath,
        acr: typeof details.params.acr_values === 'string' ? details.params.acr_values : undefined,
        identities: options.identities,
      }),
    );
  });

  router.post('/interaction/:uid/login', noStore, form, async (req, res) => {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      showError(res, 400, expired);
      return;
    }
    if (details.uid !== req.params.uid || details.prompt.name !== 'login') {
      showError(res, 400, expired);
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const rawSsn = typeof body.personnummer === 'string' ? body.personnummer.trim() : '';
    const name = typeof body.name === 'string' ? body.name.trim().replace(/\s+/g, ' ') : '';
    const parsed = parsePersonnummer(rawSsn);
    const requestedAcr =
      typeof details.params.acr_values === 'string' ? details.params.acr_values : undefined;
    let error: string | undefined;
    if (validate && !parsed) error = 'Ange ett giltigt personnummer eller samordningsnummer.';
    else if (!rawSsn) error = 'Ange ett personnummer.';
    else if (!name || name.length > NAME_MAX) error = 'Ange ett namn (högst 100 tecken).';
    if (error) {
      res
        .status(400)
        .type('html')
        .send(
          renderLoginPage({
            uid: details.uid,
            mountPath,
            acr: requestedAcr,
            identities: options.identities,
            error,
            values: { personnummer: rawSsn, name },
          }),
        );
      return;
    }
    const ssn = parsed?.value ?? rawSsn;
    const sub = subjectFor(ssn);
    people.set(sub, { ssn, name });
    const acr =
      options.answerAcr ??
      (requestedAcr && (BANKID_ACR_VALUES as readonly string[]).includes(requestedAcr)
        ? requestedAcr
        : BANKID_ACR_QR);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub, acr, amr: ['bankid'], remember: false } },
      { mergeWithLastSubmission: false },
    );
  });

  router.post('/interaction/:uid/abort', noStore, form, async (req, res) => {
    try {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'Inloggningen avbröts.' },
        { mergeWithLastSubmission: false },
      );
    } catch {
      showError(res, 400, expired);
    }
  });

  router.use(provider.callback());
  return { provider, router, mountPath };
}
