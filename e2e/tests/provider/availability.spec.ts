import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, test } from '../../fixtures/test';
import {
  DESKTOP,
  PHONE,
  signInAsUnverifiedTherapist,
  therapistWithoutTimes,
} from '../../fixtures/people';
import {
  addDays,
  nextStockholmWeekday,
  stockholmDayKey,
  stockholmInstant,
  stockholmWeekday,
} from '../../fixtures/stockholm';

/*
 * The therapist's availability calendar (docs/rules/availability.md#manage-calendar,
 * #week-pattern; one day at a time on a phone), and 'Rensa' only after a
 * confirmation. The browser's clock is fixed on a
 * day ahead of the real one (the server keeps the real time, so every hour
 * the journey saves is still ahead for it), so the weekdays are known.
 */

const DAY_MONTH = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  day: 'numeric',
  month: 'long',
});
/** 'torsdag 14 januari' for the Stockholm day 'YYYY-MM-DD'. */
function dayName(dayKey: string): string {
  const noon = stockholmInstant(dayKey, 12);
  const weekday = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    weekday: 'long',
  }).format(noon);
  return `${weekday} ${DAY_MONTH.format(noon)}`;
}

/** The page itself never scrolls sideways. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The seeded unverified therapist on /availability, the browser's clock at `day` 10:30 Stockholm. */
async function openCalendarOn(
  page: Page,
  day: string,
  viewport: { width: number; height: number },
) {
  await page.setViewportSize(viewport);
  await signInAsUnverifiedTherapist(page);
  await page.clock.setFixedTime(stockholmInstant(day, 10, 30));
  await page.goto('/availability');
  await expect(page.getByRole('heading', { level: 1, name: 'Tillgänglighet' })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
}

test('the calendar starts today: seven whole days from today, not from Monday (1280 px)', async ({
  page,
}) => {
  const thursday = nextStockholmWeekday('torsdag', 1);
  await openCalendarOn(page, thursday, DESKTOP);
  const grid = page.getByRole('grid');
  const headers = grid.getByRole('columnheader');
  await expect(headers).toHaveCount(8);
  await expect(headers.nth(1)).toHaveText(/^Torsdag/);
  await expect(headers.nth(7)).toHaveText(/^Onsdag/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Från och med i dag');
  // Yesterday is not shown; the last day is six days on.
  await expect(
    grid.getByRole('gridcell', { name: new RegExp(`^${dayName(addDays(thursday, -1))} `) }),
  ).toHaveCount(0);
  await expect(
    grid.getByRole('gridcell', { name: new RegExp(`^${dayName(addDays(thursday, 6))} 07:00`) }),
  ).toHaveCount(1);
  // Today's hours that have begun are disabled, the later ones are not.
  const today = dayName(thursday);
  await expect(
    grid.getByRole('gridcell', { name: new RegExp(`^${today} 10:00.*passerad$`) }),
  ).toHaveAttribute('aria-disabled', 'true');
  await expect(
    grid.getByRole('gridcell', { name: new RegExp(`^${today} 11:00`) }),
  ).not.toHaveAttribute('aria-disabled');
  await expect(page.getByRole('button', { name: 'Föregående vecka' })).toBeDisabled();
  await expectNoAxeViolations(page);

  // The next week is the seven whole days after those: Thursday to Wednesday again.
  await page.getByRole('button', { name: 'Nästa vecka' }).click();
  await expect(headers.nth(1)).toHaveText(/^Torsdag/);
  await expect(
    grid.getByRole('gridcell', { name: new RegExp(`^${dayName(addDays(thursday, 7))} 07:00`) }),
  ).toHaveCount(1);
  await expect(
    grid.getByRole('gridcell', { name: new RegExp(`^${dayName(addDays(thursday, 13))} 20:00`) }),
  ).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Vecka 2 av 9');
  await page.getByRole('button', { name: 'Föregående vecka' }).click();
  await expect(headers.nth(1)).toHaveText(
    new RegExp(`^Torsdag${DAY_MONTH.format(stockholmInstant(thursday, 12)).split(' ')[0]} `),
  );
});

test('on a phone the calendar shows one day at a time, with a labelled day switcher for the keyboard (390 px)', async ({
  page,
}) => {
  const thursday = nextStockholmWeekday('torsdag', 1);
  await openCalendarOn(page, thursday, PHONE);
  const grid = page.getByRole('grid');
  const switcher = page.getByRole('tablist', { name: 'Välj dag' });
  await expect(switcher.getByRole('tab')).toHaveCount(7);
  const todayTab = switcher.getByRole('tab', { name: dayName(thursday) });
  await expect(todayTab).toHaveAttribute('aria-selected', 'true');
  // One day: the hour column and today's column, which fit without sideways scrolling.
  await expect(grid.getByRole('columnheader')).toHaveCount(2);
  await expect(grid.getByRole('columnheader').nth(1)).toHaveText(/^Torsdag/);
  const scroller = grid.locator('xpath=..');
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('tabpanel', { name: dayName(thursday) })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoPageOverflow(page);

  // The keyboard: arrows move and show the day at once, End to the last, Tab into its hours.
  await todayTab.focus();
  await page.keyboard.press('ArrowRight');
  const friday = switcher.getByRole('tab', { name: dayName(addDays(thursday, 1)) });
  await expect(friday).toBeFocused();
  await expect(friday).toHaveAttribute('aria-selected', 'true');
  await expect(grid.getByRole('columnheader').nth(1)).toHaveText(/^Fredag/);
  await page.keyboard.press('End');
  const wednesday = switcher.getByRole('tab', { name: dayName(addDays(thursday, 6)) });
  await expect(wednesday).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(grid.getByRole('gridcell').first()).toBeFocused();
  await expect(grid.getByRole('gridcell').first()).toHaveAttribute(
    'aria-label',
    new RegExp(`^${dayName(addDays(thursday, 6))} 07:00`),
  );
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('gridcell').nth(1)).toBeFocused();
  await expectNoAxeViolations(page);

  // A wide window keeps the week grid.
  await page.setViewportSize(DESKTOP);
  await expect(switcher).toHaveCount(0);
  await expect(grid.getByRole('columnheader')).toHaveCount(8);
});

test('a therapist who signs up on a Wednesday copies the week to 6 weeks: Monday to Friday every week, the weekend empty; Rensa asks before removing them (1280 px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await therapistWithoutTimes(page, {
    name: 'Vera Veckosson',
    street: 'Veckogatan 6',
    title: ['PSYKOLOG'],
    price: 900,
    personalAttributes: 'Noggrann, varm',
  });
  const wednesday = nextStockholmWeekday('onsdag', 1);
  await page.clock.setFixedTime(stockholmInstant(wednesday, 10, 30));
  await page.goto('/availability');
  const grid = page.getByRole('grid');
  // The default hours of the seven days from today are chosen, today's passed ones greyed.
  await expect(
    grid.getByRole('gridcell', {
      name: new RegExp(`^${dayName(wednesday)} 09:00, ledig, passerad$`),
    }),
  ).toBeVisible();

  await page.getByLabel('Använd veckans tider i').selectOption({ label: '6 veckor' });
  await page.getByRole('button', { name: 'Spara tider' }).click();
  const confirm = page.getByRole('dialog', { name: 'Använda veckans tider i 6 veckor?' });
  await expect(confirm).toBeVisible();
  // Five weekdays of eight hours for six weeks, less today's 09:00 and 10:00.
  await expect(confirm).toContainText('238 nya lediga tider skapas.');
  await expect(confirm).toContainText(
    `till och med ${dayName(addDays(wednesday, 41))}. En veckodag utan tider i veckan blir tom.`,
  );
  const weeks = confirm.getByRole('list', { name: 'Vecka för vecka' }).getByRole('listitem');
  await expect(weeks).toHaveCount(6);
  await expect(weeks.first()).toHaveText(/: 38 nya$/);
  await expect(weeks.last()).toHaveText(/: 40 nya$/);
  await expect(confirm).toContainText(
    'Bokade tider och tider som väntar på bekräftelse ändras inte.',
  );
  await expectNoAxeViolations(page);
  const me = (await (await page.request.get('/api/users/me')).json()) as { id: string };
  // Every change the page sends: the whole save is one request.
  const changes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/availabilities')) {
      changes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });

  // The connection drops as the save is sent: the page says that nothing was
  // saved and keeps the week's choice; nothing is stored.
  await page.route('**/api/availabilities/changes', (route) => route.abort(), { times: 1 });
  await confirm.getByRole('button', { name: 'Spara i 6 veckor' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Inget av ändringarna sparades. Dina val finns kvar, så du kan försöka igen.',
  );
  await expect(page.getByText('Du har ändringar som inte är sparade.')).toBeVisible();
  await expect(
    grid.getByRole('gridcell', {
      name: new RegExp(`^${dayName(addDays(wednesday, 1))} 09:00, ledig`),
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const none = (await (await page.request.get(`/api/availabilities/${me.id}`)).json()) as unknown[];
  expect(none).toHaveLength(0);

  // Saved again, as it stood.
  await page.getByRole('button', { name: 'Spara tider' }).click();
  await confirm.getByRole('button', { name: 'Spara i 6 veckor' }).click();
  await expect(page.getByText('Dina tider har sparats')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Ditt konto granskas' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(changes).toEqual(['POST /api/availabilities/changes', 'POST /api/availabilities/changes']);

  const slots = (await (await page.request.get(`/api/availabilities/${me.id}`)).json()) as {
    startTime: string;
  }[];
  const starts = slots.map((s) => new Date(s.startTime));
  const byWeekday = (name: string) => starts.filter((d) => stockholmWeekday(d) === name).length;
  expect(starts).toHaveLength(238);
  expect(byWeekday('måndag')).toBe(48);
  expect(byWeekday('tisdag')).toBe(48);
  expect(byWeekday('onsdag')).toBe(46);
  expect(byWeekday('torsdag')).toBe(48);
  expect(byWeekday('fredag')).toBe(48);
  expect(byWeekday('lördag')).toBe(0);
  expect(byWeekday('söndag')).toBe(0);
  const days = [...new Set(starts.map(stockholmDayKey))].sort();
  expect(days[0]).toBe(wednesday);
  expect(days.at(-1)).toBe(addDays(wednesday, 41));

  // 'Rensa' for the same 6 weeks asks first, naming the hours week by week.
  await page
    .getByRole('dialog', { name: 'Ditt konto granskas' })
    .getByRole('button', { name: 'Stäng' })
    .click();
  const rensa = page.getByRole('button', { name: 'Rensa' });
  await rensa.click();
  const clear = page.getByRole('dialog', { name: 'Rensa lediga tider i 6 veckor?' });
  await expect(clear).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rensa lediga tider i 6 veckor?' })).toBeFocused();
  await expect(clear).toContainText(
    `238 lediga tider tas bort, från ${dayName(wednesday)} till och med ${dayName(addDays(wednesday, 41))}.`,
  );
  const clearWeeks = clear.getByRole('list', { name: 'Vecka för vecka' }).getByRole('listitem');
  await expect(clearWeeks).toHaveCount(6);
  await expect(clearWeeks.first()).toHaveText(/: 38 lediga tider$/);
  await expect(clearWeeks.last()).toHaveText(/: 40 lediga tider$/);
  await expect(clear).toContainText(
    'Bokade tider och tider som väntar på bekräftelse tas aldrig bort.',
  );
  await expectNoAxeViolations(page);
  // 'Avbryt' keeps every hour.
  await clear.getByRole('button', { name: 'Avbryt' }).click();
  await expect(clear).toHaveCount(0);
  await expect(rensa).toBeFocused();
  const kept = (await (await page.request.get(`/api/availabilities/${me.id}`)).json()) as unknown[];
  expect(kept).toHaveLength(238);

  await rensa.click();
  await clear.getByRole('button', { name: 'Rensa 238 tider' }).click();
  await expect(page.getByText('Dina tider har rensats')).toBeVisible();
  expect(changes.slice(2)).toEqual(['POST /api/availabilities/changes']);
  await expect(clear).toHaveCount(0);
  const left = (await (await page.request.get(`/api/availabilities/${me.id}`)).json()) as unknown[];
  expect(left).toHaveLength(0);
});
