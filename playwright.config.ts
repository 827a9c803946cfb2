import { defineConfig, devices } from '@playwright/test';
import { VIDEO_CHROMIUM_ARGS } from './e2e/fixtures/video-chromium';

const PORT = Number(process.env.E2E_PORT ?? 3107);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against
 * the built product: the API serving the SPA, over a fresh embedded Postgres.
 */
export default defineConfig({
  testDir: './e2e/tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /[\\/]video[\\/]/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // The video room's journeys: the same Chromium with a fake camera and microphone.
      name: 'video',
      testMatch: /[\\/]video[\\/].*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM,
          args: [...CHROMIUM_ARGS, ...VIDEO_CHROMIUM_ARGS],
        },
      },
    },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
