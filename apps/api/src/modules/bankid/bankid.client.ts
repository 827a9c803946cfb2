import * as client from 'openid-client';
import type { OidcSettings } from '../../config';

/** How long discovered issuer metadata is reused before it is fetched again. */
const METADATA_MAX_AGE_MS = 6 * 3_600_000;

export interface OidcRelyingParty {
  /** The issuer identifier the ID tokens must carry. */
  readonly issuer: string;
  /** The client configuration; discovery runs on first use and is cached. */
  configuration(): Promise<client.Configuration>;
}

/**
 * The relying party's view of the BankID broker (openid-client): discovery
 * over HTTPS (plain HTTP only for a local issuer outside production), client
 * authentication with the client secret, and signature checks on every ID
 * token on top of the issuer, audience, expiry and nonce checks.
 */
export function createRelyingParty(
  settings: OidcSettings,
  issuer: string,
  options: { allowHttp: boolean },
): OidcRelyingParty {
  let cached: { at: number; config: Promise<client.Configuration> } | undefined;

  const discover = async () => {
    const execute = [client.enableNonRepudiationChecks];
    if (options.allowHttp && issuer.startsWith('http://'))
      execute.push(client.allowInsecureRequests);
    return client.discovery(
      new URL(issuer),
      settings.clientId,
      {
        redirect_uris: [settings.redirectUri],
        response_types: ['code'],
        id_token_signed_response_alg: 'RS256',
      },
      client.ClientSecretBasic(settings.clientSecret),
      { execute, timeout: 10 },
    );
  };

  return {
    issuer,
    configuration() {
      if (!cached || Date.now() - cached.at > METADATA_MAX_AGE_MS) {
        const entry = { at: Date.now(), config: discover() };
        // A failed discovery (issuer unreachable) is retried on the next sign-in.
        entry.config.catch(() => {
          if (cached === entry) cached = undefined;
        });
        cached = entry;
      }
      return cached.config;
    },
  };
}
