import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { moveConfirmedBookingIntoThePast, withE2eDatabase } from '../../fixtures/database';
import {
  apiPatch,
  clientRequestsFirstHours,
  PHONE,
  registerVerifiedClient,
  saveAnswers,
  verifiedTherapistAndClient,
} from '../../fixtures/people';
import { apiPost, expect, STRONG_PASSWORD, test, uniqueEmail } from '../../fixtures/test';

/*
 * No dead ends on the client's dashboard, each at 390 px with axe
 * (docs/rules/matching.md#the-match-alert-round,
 * docs/rules/bookings.md#a-request-is-answered-within-48-hours,
 * docs/rules/matching.md#switching-therapist).
 */

test.use({ viewport: PHONE });

/** The client's pending request to the therapist, read from the client's matches. */
async function pendingRequest(client: Page, providerId: string) {
  const matches = (await (await client.request.get('/api/matches')).json()) as {
    providerId: string;
    bookings: { id: string; status: string; suggestedTimes: string[] }[];
  }[];
  const pending = matches
    .find((m) => m.providerId === providerId)
    ?.bookings.find((b) => b.status === 'PENDING_PROVIDER_CONFIRMATION');
  expect(pending, 'the request was sent').toBeTruthy();
  return pending!;
}

test('a client whose answers nobody meets asks to be told, and the dashboard says the wish is on', async ({
  page,
}) => {
  const email = uniqueEmail('onskan');
  await registerVerifiedClient(page, { email, name: 'Önske Klient' });
  const login = await apiPost(page.request, '/auth/login', { email, password: STRONG_PASSWORD });
  expect(login.status()).toBe(200);
  // Somali, very important: no therapist speaks it.
  await saveAnswers(page.request, [
    ['age', ['25-34']],
    ['language', ['so'], 3],
    ['therapy_methods', ['any']],
    ['problem_areas', ['angest'], 2],
    ['knowledge_areas', ['any']],
  ]);
  await page.goto('/dashboard');
  const empty = page.getByRole('region', { name: 'Inga matchningar än' });
  await expect(empty).toBeVisible();
  const offer = empty.getByRole('button', {
    name: 'Meddela mig när det finns terapeuter som passar',
  });
  await expect(offer).toBeVisible();
  await expectNoAxeViolations(page);

  await offer.click();
  await expect(
    empty.getByText('Du får ett mejl när det finns nya terapeuter som passar dig.'),
  ).toBeVisible();
  await expect(empty.getByRole('button', { name: 'Sluta meddela mig' })).toBeEnabled();
  await expectNoAxeViolations(page);

  // Kept on the server.
  await page.reload();
  await expect(
    page.getByText('Du får ett mejl när det finns nya terapeuter som passar dig.'),
  ).toBeVisible();
  expect(await (await page.request.get('/api/users/me/match-alert')).json()).toEqual({
    enabled: true,
  });
});

test('an unanswered request that expired shows its card, and "Välj en annan terapeut" leads to the refreshed recommendations', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Tyst Terapeut ${Date.now()}`;
  const people = await verifiedTherapistAndClient(
    { browser, baseURL, page },
    { name, street: 'Tystgatan 1', title: ['PSYKOLOG'], price: 800, personalAttributes: 'Lugn' },
    'own page',
  );
  const { therapist, client, providerId } = people;
  try {
    await clientRequestsFirstHours(client, providerId, 'Väntande Klient');
    const request = await pendingRequest(client, providerId);
    // Its deadline passes (decision 185: moved in the database, no clock in
    // the product); the therapist's late answer finds it expired and expires it.
    await withE2eDatabase((db) =>
      db.query(`update bookings set expires_at = now() - interval '1 minute' where id = $1`, [
        request.id,
      ]),
    );
    const late = await apiPatch(therapist.request, `/bookings/confirm/${request.id}`, {
      confirmedTime: request.suggestedTimes[0],
    });
    expect(late.status(), await late.text()).toBe(409);

    const card = client.getByRole('article', { name });
    const sentence = card.getByText(
      `${name} svarade inte på din förfrågan i tid, så den har gått ut.`,
      { exact: false },
    );
    await client.goto('/dashboard');
    await expect(sentence).toBeVisible();
    await expectNoAxeViolations(client);

    await card.getByRole('button', { name: 'Välj en annan terapeut' }).click();
    const heading = client.getByRole('heading', { level: 2, name: 'Rekommenderade terapeuter' });
    await expect(heading).toBeFocused();
    const recommended = client.getByRole('region', { name: 'Rekommenderade terapeuter' });
    await expect(recommended.getByRole('link', { name: /^Visa profil: / }).first()).toBeVisible();
    await expect(recommended.getByRole('article', { name })).toHaveCount(0);
    await expectNoAxeViolations(client);
  } finally {
    await people.release();
  }
});

test('a first session that did not fit: the fit check offers the switch, and the switch shows new recommendations', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Första Terapeut ${Date.now()}`;
  const people = await verifiedTherapistAndClient(
    { browser, baseURL, page },
    { name, street: 'Förstagatan 1', title: ['PSYKOLOG'], price: 850, personalAttributes: 'Varm' },
    'own page',
  );
  const { therapist, client, providerId } = people;
  try {
    await clientRequestsFirstHours(client, providerId, 'Bytande Klient');
    const request = await pendingRequest(client, providerId);
    const confirmed = await apiPatch(therapist.request, `/bookings/confirm/${request.id}`, {
      confirmedTime: request.suggestedTimes[0],
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    // The session took place (decision 185), and the therapist marks it done.
    await moveConfirmedBookingIntoThePast(request.id);
    const completed = await apiPatch(therapist.request, `/bookings/complete/${request.id}`, {});
    expect(completed.status(), await completed.text()).toBe(200);

    await client.goto('/dashboard');
    const card = client.getByRole('article', { name });
    const check = card.getByRole('region', { name: 'Hur känns det så här långt?' });
    await expect(check).toBeVisible();
    await expectNoAxeViolations(client);
    for (const [statement, answer] of [
      ['Jag kände mig lyssnad på och förstådd.', 'Stämmer delvis'],
      ['Vi pratade om det jag vill få hjälp med.', 'Stämmer delvis'],
      ['Sättet att arbeta passar mig.', 'Stämmer ganska dåligt'],
      ['Jag vill fortsätta med den här terapeuten.', 'Stämmer inte alls'],
    ] as const) {
      await check.getByRole('group', { name: statement }).getByLabel(answer).check();
    }
    await check.getByRole('button', { name: 'Skicka svaren' }).click();
    const thanks = card.getByRole('region', { name: 'Tack för dina svar.' });
    await expect(thanks.getByText('Det verkar inte passa helt.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(client);

    await thanks.getByRole('button', { name: `Byt terapeut: ${name}` }).click();
    const dialog = client.getByRole('dialog', { name: 'Byta terapeut?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(client);
    await dialog.getByRole('button', { name: 'Byt terapeut' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      client.getByRole('heading', { level: 2, name: 'Rekommenderade terapeuter' }),
    ).toBeFocused();
    const earlier = client.getByRole('region', { name: 'Tidigare' });
    await expect(earlier.getByRole('article', { name })).toBeVisible();
    const recommended = client.getByRole('region', { name: 'Rekommenderade terapeuter' });
    await expect(recommended.getByRole('article', { name })).toHaveCount(0);
    await expectNoAxeViolations(client);
  } finally {
    await people.release();
  }
});
