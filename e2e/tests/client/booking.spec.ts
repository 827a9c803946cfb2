import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { mailedLink } from '../../fixtures/mailbox';
import {
  apiPost,
  expect,
  registerClient,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
} from '../../fixtures/test';
import {
  PHONE,
  apiPatch,
  axeAtBothWidths,
  csrfHeader,
  freshPersonnummer,
  makePng,
  newPage,
} from '../../fixtures/people';

/*
 * Issue 12, the client's journey: request three times from the booking page,
 * the therapist confirms in the review dialog of the therapist's dashboard,
 * the client reads 'Bokningsinformation' and cancels
 * within the policy. The therapist is made fresh for this test (BankID test
 * login, profile, answers, slots, verified by the admin) and unverified again
 * at the end, so the seeded therapists and the shared e2e database keep their
 * state for the other journeys.
 */

const ADMIN = 'Administratör Samtalsmatch';
const THERAPIST = 'Britt Bokare';
const MESSAGE = 'Välkommen! Ring på porttelefonen när du kommer.';

type Question = { id: string; key: string };

/** A fresh, verified therapist with the default policy (24 hours) and slots from 48 hours on. */
async function freshTherapist(browser: Browser, baseURL: string, admin: Page): Promise<Page> {
  const page = await newPage(browser, baseURL);
  await page.goto('/auth');
  await page.getByRole('button', { name: /Jag är terapeut/ }).click();
  await page.getByLabel('Personnummer eller samordningsnummer').fill(freshPersonnummer());
  await page.getByLabel('Namn').fill(THERAPIST);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const { request } = page;

  const upload = await request.post('/api/profiles/upload', {
    headers: await csrfHeader(request),
    multipart: {
      profileImage: { name: 'britt.png', mimeType: 'image/png', buffer: await makePng() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const description = Array.from(
    { length: 205 },
    (_, i) => ['Jag', 'arbetar', 'med', 'samtal', 'och', 'stöd', 'för', 'vuxna'][i % 8],
  ).join(' ');
  const profile = await apiPatch(request, '/profiles/provider', {
    name: THERAPIST,
    email: uniqueEmail('britt'),
    phoneNumber: '0701234567',
    street: 'Bokgatan 3',
    city: 'Stockholm',
    zip: '111 22',
    title: ['PSYKOLOG'],
    description,
    education: ['MASTER'],
    price: 900,
    sessionDuration: 50,
    personalAttributes: 'Lugn, varm',
    cancellationPolicy: 'TWENTY_FOUR_HOURS',
  });
  expect(profile.status(), await profile.text()).toBe(200);

  const questions = (await (await request.get('/api/questions')).json()) as Question[];
  const answer = (key: string, value: string[]) => ({
    questionId: questions.find((q) => q.key === key)!.id,
    value,
    importance: null,
  });
  const answers = await apiPost(request, '/answers', [
    answer('age', ['25-34', '35-49']),
    answer('language', ['sv', 'en']),
    answer('therapy_methods', ['kbt']),
    answer('problem_areas', ['angest', 'stress']),
    answer('knowledge_areas', ['studenter']),
  ]);
  expect(answers.status(), await answers.text()).toBeLessThan(300);

  // Every hour for a week from 48 hours on: the server keeps what a client may book (07-21).
  const first = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000;
  const slots = Array.from({ length: 7 * 24 }, (_, i) => ({
    startTime: new Date(first + i * 3_600_000).toISOString(),
    endTime: new Date(first + (i + 1) * 3_600_000).toISOString(),
  }));
  const saved = await apiPost(request, '/availabilities/many', { slots });
  expect(saved.status(), await saved.text()).toBe(201);

  await setVerified(admin, true);
  return page;
}

async function therapistId(admin: Page): Promise<string> {
  const list = (await (await admin.request.get('/api/admin/providers')).json()) as {
    id: string;
    name: string;
  }[];
  return list.find((p) => p.name === THERAPIST)!.id;
}

async function setVerified(admin: Page, verified: boolean) {
  const id = await therapistId(admin);
  const detail = (await (await admin.request.get(`/api/admin/providers/${id}`)).json()) as {
    isVerified: boolean;
  };
  if (detail.isVerified === verified) return;
  const res = await apiPatch(admin.request, `/admin/providers/${id}/verify`, {});
  expect(await res.json()).toMatchObject({ isVerified: verified });
}

test('a client requests three times, the therapist confirms, the client reads the booking and cancels within the policy', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL!;

  // The admin (BankID test login) verifies the fresh therapist.
  const admin = await newPage(browser, origin);
  await admin.goto('/auth');
  await admin.getByRole('button', { name: /Matcha mig med en terapeut/ }).click();
  await admin.getByRole('button', { name: 'Logga in med BankID' }).click();
  await admin.getByRole('button', { name: `Logga in som ${ADMIN}` }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const therapist = await freshTherapist(browser, origin, admin);

  try {
    // A fresh client with a verified e-mail and saved answers.
    await page.setViewportSize(PHONE);
    const email = uniqueEmail('bokning');
    await registerClient(page.request, { email, name: 'Bo Klient' });
    await page.goto(await mailedLink(page.request, email, '/verify-email/'));
    await expect(page.getByText('E-postadressen är bekräftad')).toBeVisible();
    await page.goto('/auth?form=klient');
    await page.getByLabel('E-postadress').fill(email);
    await page.getByLabel('Lösenord', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page).toHaveURL(/\/questions$/);
    const questions = (await (await page.request.get('/api/questions')).json()) as Question[];
    const answer = (key: string, value: string[], importance: number | null = null) => ({
      questionId: questions.find((q) => q.key === key)!.id,
      value,
      importance,
    });
    const saved = await apiPost(page.request, '/answers', [
      answer('age', ['25-34']),
      answer('language', ['sv'], 2),
      answer('therapy_methods', ['any']),
      answer('problem_areas', ['angest'], 2),
      answer('knowledge_areas', ['any']),
    ]);
    expect(saved.status(), await saved.text()).toBeLessThan(300);

    // The therapist among the recommendations: the profile, then 'Boka en tid'.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: `Visa profil: ${THERAPIST}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: THERAPIST })).toBeVisible();
    await page.getByRole('link', { name: 'Boka en tid' }).first().click();
    await expect(page).toHaveURL(/\/provider\/[0-9a-f-]+\/booking$/);
    const bookingPath = new URL(page.url()).pathname;

    // The booking page: free times from tomorrow, week by week.
    await expect(
      page.getByRole('heading', { level: 1, name: `Boka tid hos ${THERAPIST}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Föregående vecka' })).toBeDisabled();
    const jump = page.getByRole('button', { name: 'Visa nästa vecka med lediga tider' });
    const times = page.locator('button[aria-pressed]');
    await expect(times.or(jump).first()).toBeVisible();
    if (await jump.isVisible()) await jump.click();
    const free = page.locator('button[aria-pressed="false"]:not([disabled])');
    await expect(free.first()).toBeVisible();
    const send = page.getByRole('button', { name: 'Granska och skicka' });
    await expect(send).toBeDisabled();
    await axeAtBothWidths(page);

    // Three times: the first with the keyboard, two by tapping; a fourth is refused.
    const firstTime = free.first();
    const firstLabel = (await firstTime.getAttribute('aria-label'))!;
    await firstTime.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: firstLabel, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await free.first().click();
    await free.first().click();
    await expect(page.getByText('3 av 3 tider valda.')).toBeVisible();
    const fourth = page.locator('button[aria-pressed="false"][aria-disabled="true"]').first();
    if (await fourth.count()) {
      // Marked aria-disabled (still focusable, so Playwright would wait for it): click anyway.
      await fourth.click({ force: true });
      await expect(page.getByText('3 av 3 tider valda.')).toBeVisible();
    }
    await expect(send).toBeEnabled();
    await axeAtBothWidths(page);

    // The summary before sending, axe-clean at both widths.
    await send.click();
    const summary = page.getByRole('dialog', { name: 'Skicka bokningsförfrågan' });
    await expect(summary.getByRole('listitem')).toHaveCount(3);
    await expect(summary.getByRole('listitem').first()).toContainText('(svensk tid)');
    await axeAtBothWidths(page);
    await summary.getByRole('button', { name: 'Skicka förfrågan' }).click();

    // The dashboard, with a toast; the match is ongoing and waits for an answer.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByText('Din bokningsförfrågan har skickats', { exact: true }),
    ).toBeVisible();
    const ongoing = page.getByRole('region', { name: 'Pågående processer' });
    await expect(ongoing.getByText('Inväntar svar')).toBeVisible();

    // While it is pending the booking page sends the client back to the dashboard.
    await page.goto(bookingPath);
    await expect(page).toHaveURL(/\/dashboard$/);

    // 'Bokningsinformation' while pending: the yellow notice; 'Stäng' returns focus.
    const open = ongoing.getByRole('button', { name: `Visa bokning: ${THERAPIST}` });
    await open.click();
    const info = page.getByRole('dialog', { name: 'Bokningsinformation' });
    await expect(info.getByText('Väntar på bekräftelse')).toBeVisible();
    await expect(info.getByRole('listitem')).toHaveCount(3);
    await axeAtBothWidths(page);
    await info.getByRole('button', { name: 'Stäng' }).click();
    await expect(info).toBeHidden();
    await expect(open).toBeFocused();

    // The therapist confirms the earliest suggested time with a message, in the review dialog.
    const providerMatches = (await (await therapist.request.get('/api/matches')).json()) as {
      bookings: { id: string; status: string; suggestedTimes: string[] }[];
    }[];
    const pending = providerMatches
      .flatMap((m) => m.bookings)
      .find((b) => b.status === 'PENDING_PROVIDER_CONFIRMATION')!;
    await therapist.goto('/dashboard');
    const requests = therapist.getByRole('table', { name: 'Bokningsförfrågningar' });
    await requests
      .getByRole('row', { name: /Bo Klient/ })
      .getByRole('button', { name: 'Granska' })
      .click();
    const review = therapist.getByRole('dialog', { name: 'Granska bokning' });
    const earliest = review.getByRole('radio').first();
    const confirmedLabel = (await review
      .getByText(/\(svensk tid\)$/)
      .first()
      .textContent())!;
    await earliest.check();
    await review.getByLabel('Meddelande till klienten (valfritt)').fill(MESSAGE);
    await review.getByRole('button', { name: 'Bekräfta' }).click();
    await expect(review).toBeHidden();
    await expect(therapist.getByText('Bokningen är bekräftad')).toBeVisible();

    // The client sees the confirmation: the time, the message, the contact details, 'Avboka'.
    await page.reload();
    await expect(ongoing.getByText('Bokning bekräftad')).toBeVisible();
    await open.click();
    await expect(info.getByText('Bekräftad', { exact: true })).toBeVisible();
    await expect(info.getByText(confirmedLabel, { exact: true })).toBeVisible();
    await expect(info.getByText(MESSAGE)).toBeVisible();
    await expect(info.getByRole('link', { name: '0701234567' })).toBeVisible();
    await expect(
      info.getByText('Du kan skicka en ny tid via fliken Historik efter att du har avbokat.'),
    ).toBeVisible();
    await expect(info.getByRole('link', { name: 'Gå till profil' })).toBeVisible();
    await axeAtBothWidths(page);

    // Cancelling is asked first; then the matches are read again and the dialog closes.
    await info.getByRole('button', { name: 'Avboka' }).click();
    await expect(info.getByText(/^Vill du avboka tiden/)).toBeFocused();
    await expectNoAxeViolations(page);
    await info.getByRole('button', { name: 'Ja, avboka' }).click();
    await expect(info).toBeHidden();
    await expect(page.getByText('Din bokning är avbokad', { exact: true })).toBeVisible();
    await expect(ongoing.getByText('Bokning avbruten')).toBeVisible();
    await expect(open).toBeFocused();

    // The cancelled booking: a red notice; the three hours are free again.
    await open.click();
    await expect(info.getByText('Bokningen är avbokad')).toBeVisible();
    await expect(info.getByText(/avbokades av dig/)).toBeVisible();
    await axeAtBothWidths(page);
    const me = (await (await therapist.request.get('/api/users/me')).json()) as { id: string };
    const after = (await (await therapist.request.get(`/api/availabilities/${me.id}`)).json()) as {
      startTime: string;
      status: string;
    }[];
    for (const time of pending.suggestedTimes) {
      const slot = after.find((s) => new Date(s.startTime).getTime() === new Date(time).getTime());
      expect(slot?.status).toBe('AVAILABLE');
    }
  } finally {
    // Leave the shared database as the other journeys expect: this therapist is matched no more.
    await setVerified(admin, false);
    await therapist.context().close();
    await admin.context().close();
  }
});
