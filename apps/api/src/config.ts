import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `IP_MAX/ACCOUNT_MAX/WINDOW_MINUTES`, for example `30/10/15`. */
const rateLimitSetting = z
  .string()
  .regex(/^\d+\/\d+\/\d+$/, 'expected IP_MAX/ACCOUNT_MAX/WINDOW_MINUTES, for example 30/10/15')
  .transform((v) => {
    const [ip, account, minutes] = v.split('/').map(Number) as [number, number, number];
    const windowMs = Math.max(1, minutes) * 60_000;
    return { ip: { limit: ip, windowMs }, account: { limit: account, windowMs } };
  });

const DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';
// BankID and personnummer: development-only values that production refuses.
const DEV_OIDC_CLIENT_ID = 'samtalsmatch-local';
const DEV_OIDC_CLIENT_SECRET = 'dev-only-oidc-client-secret-change-me';
const DEV_SSN_ENCRYPTION_KEY = '646576206f6e6c7920737373206b65792020202020202020202020202020d001';
const DEV_SSN_HASH_KEY = '646576206f6e6c792068617368206b657920202020202020202020202020d002';
const DEV_IMAGE_URL_SECRET = 'dev-only-image-url-secret-change-me-0123456789';

/**
 * Every setting of the API, read once from the environment. `.env.example`
 * and the README's table list the same variables with the same defaults.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset or empty: http://localhost:PORT (see publicUrlFor).
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  SEED_DEMO_DATA: bool.optional(),
  SESSION_SECRET: z.string().min(32).default(DEV_SECRET),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  ANONYMOUS_SESSION_MINUTES: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: z.string().default('loopback'),
  // Bearer token for GET /metrics from elsewhere than this machine; empty: loopback only.
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(32)]).default(''),
  // STUN/TURN for the video rooms (docs/rules/video.md#ice-servers): comma-separated URLs, and
  // coturn's static-auth-secret. Unset: no ICE servers, local candidates only.
  TURN_URLS: z.string().default(''),
  TURN_SECRET: z.string().default(''),
  // Relay only: every room's picture goes through TURN, so neither browser learns the other's
  // address (docs/rules/video.md#relay-only, decision 472). Needs TURN_URLS.
  TURN_RELAY_ONLY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Samtalsmatch <no-reply@samtalsmatch.example>'),
  COMPANY_NAME: z.string().default('Samtalsmatch AB (demo)'),
  COMPANY_ORG_NUMBER: z.string().default('559999-9999 (demo)'),
  CONTACT_EMAIL: z.string().default('kontakt@samtalsmatch.example'),
  ANALYTICS_SCRIPT_URL: z.string().default(''),
  // BankID over OpenID Connect (modules/bankid). No OIDC_ISSUER: the local test provider at /oidc.
  OIDC_ISSUER: z.union([z.literal(''), z.url()]).default(''),
  OIDC_CLIENT_ID: z.string().min(1).default(DEV_OIDC_CLIENT_ID),
  OIDC_CLIENT_SECRET: z.string().min(1).default(DEV_OIDC_CLIENT_SECRET),
  OIDC_REDIRECT_URI: z.union([z.literal(''), z.url()]).default(''),
  OIDC_SCOPES: z.string().min(1).default('openid'),
  OIDC_SSN_CLAIM: z.string().min(1).default('ssn'),
  OIDC_NAME_CLAIM: z.string().min(1).default('name'),
  // Personnummer at rest: AES-256-GCM key and HMAC-SHA256 key, 32 bytes each (hex or base64).
  SSN_ENCRYPTION_KEY: z.string().default(DEV_SSN_ENCRYPTION_KEY),
  SSN_HASH_KEY: z.string().default(DEV_SSN_HASH_KEY),
  // HMAC key of the signed image URLs (/api/images/{key}?exp=..&sig=..).
  IMAGE_URL_SECRET: z.string().min(32).default(DEV_IMAGE_URL_SECRET),
  WEB_DIST_DIR: z.string().optional(),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(25),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  MAIL_BODY_RETENTION_HOURS: z.coerce.number().int().min(1).default(24),
  RATE_LIMIT_LOGIN: rateLimitSetting.prefault('50/10/15'),
  RATE_LIMIT_REGISTER: rateLimitSetting.prefault('20/5/60'),
  RATE_LIMIT_FORGOT_PASSWORD: rateLimitSetting.prefault('20/5/60'),
  RATE_LIMIT_RESET_PASSWORD: rateLimitSetting.prefault('30/10/60'),
  RATE_LIMIT_VERIFY_EMAIL: rateLimitSetting.prefault('50/10/60'),
  RATE_LIMIT_RESEND_VERIFICATION: rateLimitSetting.prefault('20/5/60'),
  RATE_LIMIT_CHANGE_EMAIL: rateLimitSetting.prefault('20/5/60'),
  // The calendar feed (decision 463): calendar apps poll it, and one provider's fetchers share addresses.
  RATE_LIMIT_CALENDAR_FEED: rateLimitSetting.prefault('600/60/60'),
  // New anonymous sessions (a CSRF token or a BankID start without a session): PER_IP/WINDOW_MINUTES.
  RATE_LIMIT_ANONYMOUS_SESSION: z
    .string()
    .regex(/^\d+\/\d+$/, 'expected PER_IP/WINDOW_MINUTES, for example 100/15')
    .default('100/15')
    .transform((v) => {
      const [limit, minutes] = v.split('/').map(Number) as [number, number];
      return { limit, windowMs: Math.max(1, minutes) * 60_000 };
    }),
});

export type Env = z.infer<typeof envSchema>;

export type RateLimitAction =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'verifyEmail'
  | 'resendVerification'
  | 'changeEmail'
  | 'calendarFeed';

export interface RateLimitRules {
  /** Per client IP (`req.ip`, honouring TRUST_PROXY). */
  ip: { limit: number; windowMs: number };
  /** Per account: the e-mail, the signed-in user or the token the request names. */
  account: { limit: number; windowMs: number };
}

export interface MailSettings {
  pollIntervalMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  leaseMs: number;
}

/** BankID sign-in over OpenID Connect. */
export interface OidcSettings {
  /** The broker's issuer; undefined: the local test provider at PUBLIC_URL/oidc (never in production). */
  issuer: string | undefined;
  /** The local test provider is mounted at /oidc (no OIDC_ISSUER, development surfaces allowed). */
  localProvider: boolean;
  clientId: string;
  clientSecret: string;
  /** Default PUBLIC_URL/api/auth/bankid/callback. */
  redirectUri: string;
  scopes: string;
  ssnClaim: string;
  nameClaim: string;
}

/** Keys for the personnummer at rest (lib/crypto). */
export interface SsnKeys {
  encryptionKey: string;
  hashKey: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Seed the demo accounts (only where `devSurfaces` is true). */
  seedDemoData: boolean;
  /**
   * The development surfaces (/dev/mailbox without SMTP_URL, the local BankID
   * test provider, the development secrets, the demo data) are allowed: not
   * production, and PUBLIC_URL is this machine (localhost, 127.0.0.0/8, [::1]).
   */
  devSurfaces: boolean;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Life of a session nobody has signed in to (a CSRF token, a BankID start). */
  anonymousSessionMs: number;
  /** Bodies of sent and failed mails are emptied after this long. */
  mailBodyRetentionMs: number;
  /** New anonymous sessions per IP and window. */
  anonymousSessionLimit: { limit: number; windowMs: number };
  /** Cookies are Secure (and `__Host-` prefixed) when the public URL is https. */
  secureCookies: boolean;
  trustProxy: string;
  /** Bearer token that opens GET /metrics to a non-loopback client; undefined: loopback only. */
  metricsToken: string | undefined;
  /**
   * STUN/TURN URLs for the video rooms, coturn's shared secret (empty: none),
   * and whether the rooms use TURN only (decision 472).
   */
  turn: { urls: string[]; secret: string; relayOnly: boolean };
  logLevel: Env['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  company: { name: string; orgNumber: string; contactEmail: string };
  analyticsScriptUrl: string;
  oidc: OidcSettings;
  ssnKeys: SsnKeys;
  /** HMAC key of the signed image URLs (modules/storage). */
  imageUrlSecret: string;
  webDistDir: string | undefined;
  mail: MailSettings;
  rateLimits: Record<RateLimitAction, RateLimitRules>;
  /** `/dev/mailbox` is mounted: development surfaces allowed and no SMTP_URL. */
  devMailbox: boolean;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/(?<!\/)\/+$/, '');
  const loopback = isLoopbackUrl(publicUrl);
  const devSurfaces = !isProduction && loopback;
  if (env.NODE_ENV === 'development' && isPublicHttps(publicUrl)) {
    // A forgotten NODE_ENV on a real server: development mode would publish
    // /dev/mailbox (every reset and verification link), the BankID test
    // provider (sign in as any personnummer) and the demo accounts.
    throw new Error(
      'Invalid configuration: PUBLIC_URL is a public https address but NODE_ENV is not production; set NODE_ENV=production',
    );
  }
  if (env.TURN_RELAY_ONLY && !env.TURN_URLS.trim()) {
    // Relay only without a relay: no room could ever connect.
    throw new Error('Invalid configuration: TURN_RELAY_ONLY=true needs TURN_URLS');
  }
  if (env.SEED_DEMO_DATA === true && !devSurfaces) {
    // The demo accounts' passwords are public (README).
    throw new Error(
      isProduction
        ? 'Invalid configuration: SEED_DEMO_DATA=true is refused in production (the demo passwords are public)'
        : 'Invalid configuration: SEED_DEMO_DATA=true needs a loopback PUBLIC_URL (localhost, 127.0.0.1, [::1]); the demo passwords are public',
    );
  }
  if (!devSurfaces && !isProduction) {
    // Outside a developer's own machine the published development secrets are refused.
    const devSecrets = [
      env.SESSION_SECRET === DEV_SECRET && 'SESSION_SECRET',
      env.SSN_ENCRYPTION_KEY === DEV_SSN_ENCRYPTION_KEY && 'SSN_ENCRYPTION_KEY',
      env.SSN_HASH_KEY === DEV_SSN_HASH_KEY && 'SSN_HASH_KEY',
      env.OIDC_ISSUER && env.OIDC_CLIENT_SECRET === DEV_OIDC_CLIENT_SECRET && 'OIDC_CLIENT_SECRET',
    ].filter(Boolean);
    if (devSecrets.length) {
      throw new Error(
        `Invalid configuration: ${devSecrets.join(', ')} must be set when PUBLIC_URL is not this machine (localhost, 127.0.0.1, [::1]); the development values are public`,
      );
    }
  }
  if (isProduction) {
    if (env.SESSION_SECRET === DEV_SECRET) {
      throw new Error('Invalid configuration: SESSION_SECRET must be set in production');
    }
    if (!publicUrl.startsWith('https://')) {
      throw new Error('Invalid configuration: PUBLIC_URL must be https in production');
    }
    if (env.IMAGE_URL_SECRET === DEV_IMAGE_URL_SECRET) {
      throw new Error('Invalid configuration: IMAGE_URL_SECRET must be set in production');
    }
    if (!env.DATABASE_URL) {
      throw new Error(
        'Invalid configuration: DATABASE_URL must be set in production (the embedded PostgreSQL is for development only)',
      );
    }
    const trustsEveryone = trustsEveryProxy(env.TRUST_PROXY);
    if (trustsEveryone) {
      // Every X-Forwarded-For hop trusted: the client picks its own IP and the per-IP limits go.
      throw new Error(
        `Invalid configuration: TRUST_PROXY=${env.TRUST_PROXY} lets clients choose their own IP (${trustsEveryone}); in production give the number of proxy hops (at most ${MAX_PROXY_HOPS}) or their addresses`,
      );
    }
  }
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR,
    seedDemoData: env.SEED_DEMO_DATA ?? devSurfaces,
    devSurfaces,
    sessionSecret: env.SESSION_SECRET,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    anonymousSessionMs: env.ANONYMOUS_SESSION_MINUTES * 60_000,
    mailBodyRetentionMs: env.MAIL_BODY_RETENTION_HOURS * 3_600_000,
    anonymousSessionLimit: env.RATE_LIMIT_ANONYMOUS_SESSION,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN || undefined,
    turn: {
      urls: env.TURN_URLS.split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      secret: env.TURN_SECRET,
      relayOnly: env.TURN_RELAY_ONLY,
    },
    logLevel: env.LOG_LEVEL,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    company: {
      name: env.COMPANY_NAME,
      orgNumber: env.COMPANY_ORG_NUMBER,
      contactEmail: env.CONTACT_EMAIL,
    },
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    ...bankIdSettings(env, publicUrl, isProduction, devSurfaces),
    imageUrlSecret: env.IMAGE_URL_SECRET,
    webDistDir: env.WEB_DIST_DIR,
    mail: {
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
      retryMaxMs: env.MAIL_RETRY_MAX_MS,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      leaseMs: env.MAIL_LEASE_SECONDS * 1000,
    },
    rateLimits: {
      login: env.RATE_LIMIT_LOGIN,
      register: env.RATE_LIMIT_REGISTER,
      forgotPassword: env.RATE_LIMIT_FORGOT_PASSWORD,
      resetPassword: env.RATE_LIMIT_RESET_PASSWORD,
      verifyEmail: env.RATE_LIMIT_VERIFY_EMAIL,
      resendVerification: env.RATE_LIMIT_RESEND_VERIFICATION,
      changeEmail: env.RATE_LIMIT_CHANGE_EMAIL,
      calendarFeed: env.RATE_LIMIT_CALENDAR_FEED,
    },
    devMailbox: devSurfaces && !env.SMTP_URL,
  };
}

/** Hop counts above this are refused in production (a real chain of proxies is short). */
const MAX_PROXY_HOPS = 3;

/**
 * Why a TRUST_PROXY value trusts any X-Forwarded-For a client sends, or
 * undefined when it does not: `true`, `0.0.0.0/0`, `::/0` (in a list too) or
 * a hop count above MAX_PROXY_HOPS.
 */
function trustsEveryProxy(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'true') return 'every hop';
  if (/^\d+$/.test(v)) {
    return Number(v) > MAX_PROXY_HOPS ? `${v} hops, more than ${MAX_PROXY_HOPS}` : undefined;
  }
  const entries = v.split(',').map((e) => e.trim());
  const everyone = entries.find((e) =>
    /^(?:0\.0\.0\.0\/0|::\/0|::ffff:0\.0\.0\.0\/96|::ffff:0:0\/96)$/.test(e),
  );
  return everyone ? `${everyone} is every address` : undefined;
}

/** A host name of this machine: localhost (and *.localhost), 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

/** The URL's host is this machine. */
function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/** An https URL whose host is not this machine (localhost, 127.0.0.0/8, ::1). */
function isPublicHttps(url: string): boolean {
  return new URL(url).protocol === 'https:' && !isLoopbackUrl(url);
}

/** OIDC and personnummer-key settings; production refuses the development defaults. */
function bankIdSettings(
  env: Env,
  publicUrl: string,
  isProduction: boolean,
  devSurfaces: boolean,
): { oidc: OidcSettings; ssnKeys: SsnKeys } {
  const issuer = env.OIDC_ISSUER ? env.OIDC_ISSUER.replace(/(?<!\/)\/+$/, '') : undefined;
  if (isProduction) {
    const missing = [
      !issuer && 'OIDC_ISSUER',
      env.OIDC_CLIENT_ID === DEV_OIDC_CLIENT_ID && 'OIDC_CLIENT_ID',
      env.OIDC_CLIENT_SECRET === DEV_OIDC_CLIENT_SECRET && 'OIDC_CLIENT_SECRET',
      env.SSN_ENCRYPTION_KEY === DEV_SSN_ENCRYPTION_KEY && 'SSN_ENCRYPTION_KEY',
      env.SSN_HASH_KEY === DEV_SSN_HASH_KEY && 'SSN_HASH_KEY',
    ].filter(Boolean);
    if (missing.length) {
      throw new Error(`Invalid configuration: ${missing.join(', ')} must be set in production`);
    }
    if (!issuer!.startsWith('https://')) {
      throw new Error('Invalid configuration: OIDC_ISSUER must be https in production');
    }
  }
  return {
    oidc: {
      issuer,
      localProvider: !issuer && devSurfaces,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUri: env.OIDC_REDIRECT_URI || `${publicUrl}/api/auth/bankid/callback`,
      scopes: env.OIDC_SCOPES,
      ssnClaim: env.OIDC_SSN_CLAIM,
      nameClaim: env.OIDC_NAME_CLAIM,
    },
    ssnKeys: { encryptionKey: env.SSN_ENCRYPTION_KEY, hashKey: env.SSN_HASH_KEY },
  };
}
