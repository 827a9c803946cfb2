// Starts the built API (which serves the built SPA) for the browser tests,
// over a fresh embedded Postgres in .data/e2e, on 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.data', 'e2e');
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '3107',
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3107'}`,
    DATA_DIR: '.data/e2e',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Every request of the suite comes from 127.0.0.1, so the per-IP limits would
    // count the whole suite as one visitor; the per-account limits stay as shipped.
    // The limits themselves are tested through HTTP in apps/api.
    RATE_LIMIT_ANONYMOUS_SESSION: '100000/15',
    RATE_LIMIT_LOGIN: '100000/10/15',
    RATE_LIMIT_REGISTER: '100000/5/60',
    RATE_LIMIT_FORGOT_PASSWORD: '100000/5/60',
    RATE_LIMIT_RESET_PASSWORD: '100000/10/60',
    RATE_LIMIT_VERIFY_EMAIL: '100000/10/60',
    RATE_LIMIT_RESEND_VERIFICATION: '100000/5/60',
    RATE_LIMIT_CHANGE_EMAIL: '100000/5/60',
    RATE_LIMIT_CALENDAR_FEED: '100000/1000/60',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
