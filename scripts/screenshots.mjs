// `pnpm screenshots`: pictures of the product for the README and docs/screens/.
// Starts the built product on its own port over a fresh database with the demo
// data (as the browser journeys do, in .data/screens), signs in as the demo
// users and writes PNGs of the main screens at 390 and 1280 px wide.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.SCREENSHOTS_PORT ?? '3390';
const origin = `http://127.0.0.1:${port}`;
const outDir = path.join(root, 'docs/screens');
const dataDir = path.join(root, '.data', 'screens');
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const CLIENT = { email: 'klient.ett@samtalsmatch.example', password: 'Klient-demo-2025!' };

function startServer() {
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: origin,
      DATA_DIR: '.data/screens',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  return child;
}

async function waitForHealth(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The product did not answer on ${origin} within two minutes.`);
}

/** A page whose cookie choice is made (no banner over the picture), at the first width. */
async function newPage(browser) {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    viewport: WIDTHS[0],
  });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  return context.newPage();
}

/** Waits for the page to settle (data loaded, no spinner), then one picture per width. */
async function shoot(page, name) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    await page
      .locator('[role="status"][aria-busy="true"]')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await page.evaluate('document.fonts.ready');
    const file = path.join(outDir, `${name}-${size.width}.png`);
    await page.screenshot({ path: file });
    console.log(`  ${path.relative(root, file)}`);
  }
}

async function bankIdAs(page, name) {
  await page.goto('/auth');
  await page.getByRole('button', { name: /Matcha mig med en terapeut/ }).click();
  await page.getByRole('button', { name: 'Logga in med BankID' }).click();
  await page.getByRole('button', { name: `Logga in som ${name}` }).click();
}

const server = startServer();
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
try {
  await waitForHealth();
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  console.log(`Writing pictures of ${origin} to docs/screens/:`);

  const visitor = await newPage(browser);
  await visitor.goto('/');
  await shoot(visitor, 'landing');
  await visitor.goto('/auth');
  await shoot(visitor, 'auth');

  const client = await newPage(browser);
  await client.goto('/auth?form=klient');
  await client.getByLabel('E-postadress').fill(CLIENT.email);
  await client.getByLabel('Lösenord', { exact: true }).fill(CLIENT.password);
  await client.getByRole('button', { name: 'Logga in', exact: true }).click();
  await client.waitForURL('**/dashboard');
  // The demo client has answered: ask for the matches as the questionnaire does, then look.
  await client.request.get('/api/matches/potential');
  await client.reload();
  await client
    .getByRole('link', { name: /^Visa profil: / })
    .first()
    .waitFor();
  await shoot(client, 'client-dashboard');
  await client
    .getByRole('link', { name: /^Visa profil: / })
    .first()
    .click();
  await client.waitForURL('**/provider/*');
  await shoot(client, 'provider-profile');
  await client.getByRole('link', { name: 'Boka en tid' }).first().click();
  await client.waitForURL('**/booking');
  // Late in the week this week may have no bookable time left: go on to the next week that has.
  const times = client.locator('button[data-start]').first();
  const nextWeek = client.getByRole('button', { name: 'Visa nästa vecka med lediga tider' });
  await times.or(nextWeek).first().waitFor();
  if (await nextWeek.isVisible()) await nextWeek.click();
  await times.waitFor();
  await shoot(client, 'booking');

  const therapist = await newPage(browser);
  await bankIdAs(therapist, 'Anna Lindqvist');
  await therapist.waitForURL('**/dashboard');
  await shoot(therapist, 'therapist-dashboard');
  await therapist.goto('/availability');
  await shoot(therapist, 'availability');

  const admin = await newPage(browser);
  await bankIdAs(admin, 'Administratör Samtalsmatch');
  await admin.waitForURL('**/admin');
  await shoot(admin, 'admin');

  await browser.close();
} finally {
  stop();
}
