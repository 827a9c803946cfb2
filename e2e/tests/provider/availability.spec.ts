import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, test } from '../../fixtures/test';
import { DESKTOP, PHONE, signInAsUnverifiedTherapist } from '../../fixtures/people';
import { addDays, nextStockholmWeekday, stockholmInstant } from '../../fixtures/stockholm';

/*
 * The therapist's availability calendar (SPEC §2 /availability, issue 19
 * points 1-3, issue 18's phone calendar). The browser's clock is fixed on a
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
  await expect(headers.nth(1)).toHaveText(/^torsdag/);
  await expect(headers.nth(7)).toHaveText(/^onsdag/);
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
  await expect(headers.nth(1)).toHaveText(/^torsdag/);
  await expect(
    grid.getByRole('gridcell', { name: new RegExp(`^${dayName(addDays(thursday, 7))} 07:00`) }),
  ).toHaveCount(1);
  await expect(
    grid.getByRole('gridcell', { name: new RegExp(`^${dayName(addDays(thursday, 13))} 20:00`) }),
  ).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Vecka 2 av 9');
  await page.getByRole('button', { name: 'Föregående vecka' }).click();
  await expect(headers.nth(1)).toHaveText(
    new RegExp(`^torsdag${DAY_MONTH.format(stockholmInstant(thursday, 12)).split(' ')[0]} `),
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
  await expect(grid.getByRole('columnheader').nth(1)).toHaveText(/^torsdag/);
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
  await expect(grid.getByRole('columnheader').nth(1)).toHaveText(/^fredag/);
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
