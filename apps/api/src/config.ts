import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

/**
 * Every setting of the API, read once from the environment. `.env.example`
 * and the README's table list the same variables with the same defaults.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  SEED_DEMO_DATA: bool.optional(),
  SESSION_SECRET: z.string().min(32).default(DEV_SECRET),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  TRUST_PROXY: z.string().default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Samtalsmatch <no-reply@samtalsmatch.example>'),
  COMPANY_NAME: z.string().default('Samtalsmatch AB (demo)'),
  COMPANY_ORG_NUMBER: z.string().default('559999-9999 (demo)'),
  CONTACT_EMAIL: z.string().default('kontakt@samtalsmatch.example'),
  ANALYTICS_SCRIPT_URL: z.string().default(''),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemoData: boolean;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Cookies are Secure (and `__Host-` prefixed) when the public URL is https. */
  secureCookies: boolean;
  trustProxy: string;
  logLevel: Env['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  company: { name: string; orgNumber: string; contactEmail: string };
  analyticsScriptUrl: string;
  webDistDir: string | undefined;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction) {
    if (env.SESSION_SECRET === DEV_SECRET) {
      throw new Error('Invalid configuration: SESSION_SECRET must be set in production');
    }
    if (!env.PUBLIC_URL.startsWith('https://')) {
      throw new Error('Invalid configuration: PUBLIC_URL must be https in production');
    }
  }
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR,
    seedDemoData: env.SEED_DEMO_DATA ?? !isProduction,
    sessionSecret: env.SESSION_SECRET,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    secureCookies: env.PUBLIC_URL.startsWith('https://'),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    company: {
      name: env.COMPANY_NAME,
      orgNumber: env.COMPANY_ORG_NUMBER,
      contactEmail: env.CONTACT_EMAIL,
    },
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    webDistDir: env.WEB_DIST_DIR,
  };
}
