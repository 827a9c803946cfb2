import type { Locator, Page } from '@playwright/test';
import { PHONE, saveAnswers, signInWithBankIdAs } from '../../fixtures/people';
import {
  CONSENT_KEY,
  expect,
  logInClient,
  registerClient,
  test,
  uniqueEmail,
} from '../../fixtures/test';

/*
 * No screen jumps while its code or data arrives: every
 * route a user can reach, loaded afresh at 390 px, shifts at most 0.05 (the
 * cumulative layout shift, CLS, of the browser's layout-shift entries).
 *
 * The order in which a page's code and data arrive depends on the machine,
 * and a page that does not reserve its space jumps only in some orders. So
 * every response a page waits for (its code, the user, its data) is held
 * until the page has painted what it shows without it: each loading state is
 * on screen once, as on a slow phone, whatever the machine's speed. A page
 * that jumps in any order jumps here every time.
 */

// The seeded demo accounts (packages/db/src/seed; README demo table).
const CLIENT = { email: 'klient.ett@samtalsmatch.example', password: 'Klient-demo-2025!' };
const THERAPIST = 'Anna Lindqvist';
const ADMIN = 'Administratör Samtalsmatch';
const CLS_LIMIT = 0.05;

declare global {
  interface Window {
    layoutShifts?: { observer: PerformanceObserver; entries: LayoutShiftEntry[] };
  }
}
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

/** Every document the page opens records its layout shifts from the start. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const entries: LayoutShiftEntry[] = [];
    const observer = new PerformanceObserver((list) => {
      entries.push(...(list.getEntries() as LayoutShiftEntry[]));
    });
    observer.observe({ type: 'layout-shift', buffered: true });
    window.layoutShifts = { observer, entries };
  });
}

/** Until the page has painted twice (or is gone): what it shows now has been on screen. */
async function paintedTwice(page: Page) {
  await page
    .evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    )
    .catch(() => undefined); // the document was replaced meanwhile: nothing of it to paint
}

/** Each script and API response reaches the page only after it has painted what it has. */
async function paintBeforeEachResponse(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/api/') || url.pathname.endsWith('.js'),
    async (route) => {
      await paintedTwice(page);
      await route.continue();
    },
  );
}

/** The shifts of the current document so far: their sum (as CLS counts them) and what moved. */
async function layoutShifts(page: Page): Promise<{ cls: number; moved: string[] }> {
  return page.evaluate(() => {
    const record = window.layoutShifts!;
    record.entries.push(...(record.observer.takeRecords() as LayoutShiftEntry[]));
    const counted = record.entries.filter((entry) => !entry.hadRecentInput);
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '(gone)';
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${node.localName} class="${node.getAttribute('class') ?? ''}"> "${text}"`;
    };
    return {
      cls: counted.reduce((sum, entry) => sum + entry.value, 0),
      moved: counted.flatMap((entry) =>
        entry.sources.map(
          (s) =>
            `${entry.value.toFixed(3)} ${describe(s.node)}: y ${Math.round(s.previousRect.y)} → ${Math.round(s.currentRect.y)}, x ${Math.round(s.previousRect.x)} → ${Math.round(s.currentRect.x)}`,
        ),
      ),
    };
  });
}

/**
 * Opens `path` afresh and waits until the page is complete: its heading and
 * `ready` (what its data shows) are there, nothing is loading any more (no
 * spinner, skeleton or busy region) and the network is quiet. Then the
 * shifts of the whole load stay within the limit.
 */
async function expectNoJumps(
  page: Page,
  path: string,
  heading: string | RegExp,
  ready?: (page: Page) => Locator,
) {
  await test.step(`${path} does not jump`, async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (ready) await expect(ready(page)).toBeVisible();
    await expect(
      page.locator('[aria-busy="true"], [role="status"]:has(.animate-spin), .animate-pulse'),
    ).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await paintedTwice(page);
    const { cls, moved } = await layoutShifts(page);
    expect(cls, `CLS of ${path}; what moved:\n${moved.join('\n')}`).toBeLessThanOrEqual(CLS_LIMIT);
  });
}

test.use({ viewport: PHONE });

test.beforeEach(async ({ page }) => {
  // Each response waits for a paint: on a busy machine a route takes seconds.
  test.slow();
  await recordLayoutShifts(page);
});

test('the public pages do not jump as they load, with the cookie banner of a first visit (CLS ≤ 0.05 at 390 px)', async ({
  page,
}) => {
  // A first visit: no cookie choice stored yet, so the banner shows (as Lighthouse sees the pages).
  await page.addInitScript((key) => window.localStorage.removeItem(key), CONSENT_KEY);
  await paintBeforeEachResponse(page);
  await expectNoJumps(page, '/', 'Hitta en terapeut som passar dig', (p) =>
    p.getByRole('region', { name: 'Vi värnar om din integritet' }),
  );
  await expectNoJumps(page, '/auth', 'Välkommen till Samtalsmatch');
  await expectNoJumps(page, '/auth?form=klient', 'Logga in');
  await expectNoJumps(page, '/forgot-password', 'Glömt lösenord');
  // The pages of the mailed links, opened without a link (the token pages hand over to these).
  await expectNoJumps(page, '/reset-password', 'Välj nytt lösenord');
  await expectNoJumps(page, '/verify-email', 'Bekräfta e-postadress');
  await expectNoJumps(page, '/undo-email-change', 'Ångra bytet av e-postadress');
  await expectNoJumps(page, '/auth/callback/bankid?error=failed', 'Ett fel uppstod');
  await expectNoJumps(page, '/finns-inte', 'Sidan hittades inte');
});

test("a client's pages do not jump as their code and data load (CLS ≤ 0.05 at 390 px)", async ({
  page,
}) => {
  await logInClient(page, CLIENT.email, CLIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The recommendations, computed from the seeded answers; the first one's pages.
  expect((await page.request.get('/api/matches/potential')).status()).toBe(200);
  const matches = (await (await page.request.get('/api/matches')).json()) as { id: string }[];
  const matchId = matches[0]!.id;

  await paintBeforeEachResponse(page);
  await expectNoJumps(page, '/dashboard', /^Välkommen/, (p) =>
    p.getByRole('region', { name: 'Rekommenderade terapeuter' }).getByRole('article').first(),
  );
  await expectNoJumps(page, '/questions', 'Frågeformulär', (p) => p.locator('form'));
  await expectNoJumps(page, `/provider/${matchId}`, /\S/, (p) =>
    p.getByRole('link', { name: /Boka/ }).first(),
  );
  await expectNoJumps(page, `/provider/${matchId}/booking`, /^Boka tid hos /);
  await expectNoJumps(page, '/integritet', 'Integritet');
  await expectNoJumps(page, '/account/email', 'Byt e-postadress');
});

test("a client's empty match list, and why it is empty, do not jump (CLS ≤ 0.05 at 390 px)", async ({
  page,
}) => {
  // A client whose very important language no therapist speaks: the list is empty and says why.
  const email = uniqueEmail('tom-lista');
  await registerClient(page.request, { email });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);
  await saveAnswers(page.request, [
    ['age', ['25-34']],
    ['language', ['so'], 3],
    ['therapy_methods', ['any']],
    ['problem_areas', ['angest'], 1],
    ['knowledge_areas', ['any']],
  ]);

  await paintBeforeEachResponse(page);
  await expectNoJumps(page, '/dashboard', /^Välkommen/, (p) =>
    p.getByRole('region', { name: 'Inga matchningar än' }).getByText('Ditt svar: Somaliska'),
  );
  // The questionnaire opened at the question the reason links to, after the draft and consent reads.
  await expectNoJumps(page, '/questions?fraga=language', 'Frågeformulär', (p) =>
    p.getByRole('heading', { level: 2, name: 'På vilket språk vill du ha dina samtal?' }),
  );
});

test("a therapist's pages do not jump as their code and data load (CLS ≤ 0.05 at 390 px)", async ({
  page,
}) => {
  await signInWithBankIdAs(page, THERAPIST);
  await expect(page).toHaveURL(/\/dashboard$/);

  await paintBeforeEachResponse(page);
  await expectNoJumps(page, '/dashboard', 'Välkommen, Anna!');
  await expectNoJumps(page, '/availability', 'Tillgänglighet');
  await expectNoJumps(page, '/profile', 'Din profil', (p) => p.locator('form'));
  await expectNoJumps(page, '/questions', 'Frågeformulär', (p) => p.locator('form'));
  await expectNoJumps(page, '/integritet', 'Integritet');
});

test("the admin's pages do not jump as their code and data load (CLS ≤ 0.05 at 390 px)", async ({
  page,
}) => {
  await signInWithBankIdAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const found = (await (
    await page.request.get(`/api/admin/providers?q=${encodeURIComponent(THERAPIST)}`)
  ).json()) as { items: { id: string }[] };
  const providerId = found.items[0]!.id;

  await paintBeforeEachResponse(page);
  await expectNoJumps(page, '/admin', 'Vårdgivare', (p) => p.getByRole('table'));
  await expectNoJumps(page, `/admin/${providerId}`, THERAPIST);
});
