import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One runner, three projects: pure rules (unit), the web's components (web, jsdom)
// and the API over HTTP against a real Postgres (api).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.unit.test.ts',
            'apps/web/scripts/**/*.test.mjs',
            'scripts/**/*.test.mjs',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tz',
          include: ['packages/*/src/**/*.tz.test.ts'],
          environment: 'node',
          env: { TZ: 'America/New_York' },
        },
      },
      {
        plugins: [react()],
        resolve: {
          alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // userEvent types key by key: on a busy 2-core machine a form test needs room.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'apps/api/src/**/*.integration.test.ts',
            'packages/db/src/**/*.integration.test.ts',
          ],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
