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
    // Every browser context of the suite starts its session from 127.0.0.1.
    RATE_LIMIT_ANONYMOUS_SESSION: '100000/15',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
