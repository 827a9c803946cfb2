/**
 * Zod compiles object parsers with `new Function` unless `jitless` is set,
 * and probes for that when a schema is created. Our CSP has no
 * 'unsafe-eval', so the probe only logs a CSP violation and zod falls back
 * anyway: switch the compiler off before any schema exists.
 *
 * Zod keeps its configuration (`z.config()`) in this global. Setting it here
 * instead of importing `config` from zod keeps zod off the landing page, which
 * has no forms (zod-config.test.ts checks that zod sees the flag).
 * `@samtalsmatch/contracts/zod-sv` imports zod's types only, so no schema
 * exists before this runs.
 */
import { swedishZodError } from '@samtalsmatch/contracts/zod-sv';

const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, {
  jitless: true,
  // Zod's English defaults in Swedish: the same map as the API's (contracts/zod-sv.ts).
  customError: swedishZodError,
});
