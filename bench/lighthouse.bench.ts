/**
 * Lighthouse (12, mobile: its default phone, throttled) on the main routes of
 * the built product: `pnpm bench lighthouse`. Prints the performance and
 * accessibility scores and the CLS of each route (the goals:
 * performance ≥ 95, accessibility 100, CLS ≤ 0.05). Not part of the tests:
 * the scores depend on the machine.
 *
 * It starts apps/api/dist/server.js (build first: `pnpm build`) over a fresh
 * database with the demo data, signs in as the demo client, therapist and
 * admin with a browser (the BankID test login) and hands each session's
 * cookie to Lighthouse, which drives the same Debian Chromium.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import { machineLoad } from './lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startProduct() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Inside the repository (as the browser journeys' .data/e2e): the embedded Postgres runs as
  // its own user and cannot use a private temporary folder of root's.
  const dataDir = path.join(root, '.data', 'lighthouse');
  await rm(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  // A first start creates the database, migrates and seeds it: minutes on a busy machine.
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`The product did not answer on ${origin}.`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { origin, stop };
}

/** Signs in with a browser and returns the session's Cookie header (and the page, for look-ups). */
async function signIn(browser: Browser, origin: string, who: 'client' | string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  if (who === 'client') {
    await page.goto('/auth?form=klient');
    await page.getByLabel('E-postadress').fill('klient.ett@samtalsmatch.example');
    await page.getByLabel('Lösenord', { exact: true }).fill('Klient-demo-2025!');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  } else {
    await page.goto('/auth');
    await page.getByRole('button', { name: /Matcha mig med en terapeut/ }).click();
    await page.getByRole('button', { name: 'Logga in med BankID' }).click();
    await page.getByRole('button', { name: `Logga in som ${who}` }).click();
  }
  await page.waitForURL(/\/(dashboard|admin)$/);
  const cookies = await context.cookies(origin);
  return { page, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

interface Row {
  route: string;
  performance: number;
  accessibility: number;
  cls: number;
}

export default async function main(): Promise<boolean> {
  const product = await startProduct();
  // One Chromium: Playwright signs in with it, Lighthouse drives it over its debugging port.
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-dev-shm-usage', `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    const client = await signIn(browser, product.origin, 'client');
    await client.page.request.get('/api/matches/potential');
    const matches = (await (await client.page.request.get('/api/matches')).json()) as {
      id: string;
    }[];
    const matchId = matches[0]?.id;
    const therapist = await signIn(browser, product.origin, 'Anna Lindqvist');
    const admin = await signIn(browser, product.origin, 'Administratör Samtalsmatch');

    const routes: [string, string | undefined][] = [
      ['/', undefined],
      ['/auth', undefined],
      ['/dashboard', client.cookie],
      ...(matchId
        ? ([
            [`/provider/${matchId}`, client.cookie],
            [`/provider/${matchId}/booking`, client.cookie],
          ] as [string, string][])
        : []),
      ['/dashboard (terapeut)', therapist.cookie],
      ['/availability', therapist.cookie],
      ['/admin', admin.cookie],
    ];
    const rows: Row[] = [];
    for (const [label, cookie] of routes) {
      const route = label.split(' ')[0]!;
      const result = await lighthouse(`${product.origin}${route}`, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const lhr = result!.lhr;
      rows.push({
        route: label,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
      });
      const last = rows[rows.length - 1]!;
      console.log(
        `${last.route.padEnd(40)} performance ${String(last.performance).padStart(3)}  accessibility ${String(last.accessibility).padStart(3)}  CLS ${last.cls.toFixed(3)}`,
      );
    }
    if (!matchId)
      console.log('(the demo client has no match: the provider and booking pages were skipped)');
    console.log(`machine: ${machineLoad()}`);
    return true;
  } finally {
    await browser.close();
    await product.stop();
  }
}
