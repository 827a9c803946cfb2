import type { AvailabilitySlot, OnboardingStep } from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { ManageAvailability } from './manage-availability';

afterEach(() => {
  vi.restoreAllMocks();
  toast.remove();
});

const HOUR = 3600_000;
const slot = (id: string, start: string, status: AvailabilitySlot['status'] = 'AVAILABLE') => ({
  id,
  startTime: new Date(start).toISOString(),
  endTime: new Date(new Date(start).getTime() + HOUR).toISOString(),
  status,
});

/** A fake API holding the therapist's slots. */
function fakeServer(initial: AvailabilitySlot[]) {
  let slots = [...initial];
  let next = 100;
  let failing = false;
  const fetchMock = mockFetch({
    'GET /availabilities/p1': () => json(slots),
    'POST /availabilities/changes': (call: Call) => {
      if (failing) {
        return json(
          {
            message: 'Förfrågade eller bokade tider kan inte tas bort. Inga tider togs bort.',
            status: 409,
            code: 'SLOT_NOT_REMOVABLE',
          },
          409,
        );
      }
      const { add, removeIds } = call.body as {
        add: { startTime: string; endTime: string }[];
        removeIds: string[];
      };
      slots = slots.filter((s) => !removeIds.includes(s.id));
      for (const s of add) slots.push(slot(`n${(next += 1)}`, s.startTime));
      return json({ added: [], removed: removeIds.length });
    },
  });
  return {
    fetchMock,
    slots: () => slots,
    /** Makes the next changes fail (409) or succeed again. */
    fail: (on: boolean) => (failing = on),
  };
}

function setup({
  now,
  step = 'ONBOARDING_COMPLETED',
  onSaved = vi.fn(),
}: {
  now: string;
  step?: OnboardingStep;
  onSaved?: () => void;
}) {
  const user = userEvent.setup();
  renderRoute(
    <ManageAvailability userId="p1" onboardingStep={step} onSaved={onSaved} now={new Date(now)} />,
    { path: '/availability', user: null },
  );
  return { user, onSaved };
}

const cell = (name: string) => screen.getByRole('gridcell', { name });
const grid = () => screen.findByRole('grid');

// Wednesday 9 December 2026, 10:30 Stockholm (UTC+1).
const WED = '2026-12-09T09:30:00Z';

describe('the manage calendar', () => {
  it('starts today: seven whole days from today, a row per hour 07-20, labelled cells and past hours disabled', async () => {
    fakeServer([slot('a', '2026-12-10T08:00:00Z')]);
    setup({ now: WED });
    const g = await grid();
    const headers = within(g)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Tid',
      'Onsdag9 december',
      'Torsdag10 december',
      'Fredag11 december',
      'Lördag12 december',
      'Söndag13 december',
      'Måndag14 december',
      'Tisdag15 december',
    ]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      '9–15 december 2026Från och med i dag',
    );
    const rows = within(g)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rows[0]).toBe('07:00');
    expect(rows.at(-1)).toBe('20:00');
    expect(rows).toHaveLength(14);
    expect(within(g).getAllByRole('gridcell')).toHaveLength(7 * 14);
    expect(cell('torsdag 10 december 09:00, ledig')).toHaveAttribute('aria-selected', 'true');
    expect(cell('torsdag 10 december 10:00, ingen tid')).toHaveAttribute('aria-selected', 'false');
    // 10:00 on Wednesday has started (it is 10:30): disabled; 11:00 is not.
    expect(cell('onsdag 9 december 10:00, ingen tid, passerad')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(cell('onsdag 9 december 11:00, ingen tid')).not.toHaveAttribute('aria-disabled');
    // No day before today is shown.
    expect(screen.queryByRole('gridcell', { name: /^tisdag 8 december/ })).not.toBeInTheDocument();
  });

  it('shows BOOKED and PENDING by text as well as colour, and never toggles them or past hours', async () => {
    const { fetchMock } = fakeServer([
      slot('b', '2026-12-10T13:00:00Z', 'BOOKED'),
      slot('p', '2026-12-10T14:00:00Z', 'PENDING'),
      slot('old', '2026-12-09T08:00:00Z', 'AVAILABLE'),
    ]);
    const success = vi.spyOn(toast, 'success');
    const { user } = setup({ now: WED });
    await grid();
    const booked = cell('torsdag 10 december 14:00, bokad');
    const pending = cell('torsdag 10 december 15:00, väntar på bekräftelse');
    expect(booked).toHaveTextContent('Bokad');
    expect(booked).toHaveAttribute('data-kind', 'BOOKED');
    expect(pending).toHaveTextContent('Väntar');
    expect(booked.className).toMatch(/bg-danger-100/);
    expect(pending.className).toMatch(/bg-warning-100/);
    expect(cell('onsdag 9 december 09:00, ledig, passerad').className).toMatch(/bg-stone-100/);
    await user.click(booked);
    await user.click(pending);
    await user.click(cell('onsdag 9 december 09:00, ledig, passerad'));
    await user.click(cell('onsdag 9 december 10:00, ingen tid, passerad'));
    expect(screen.queryByText('Du har ändringar som inte är sparade.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Dina tider har sparats'));
    expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(0);
    expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(0);
  });

  it('moves with the arrow keys, Home and End, and toggles with Space', async () => {
    fakeServer([slot('a', '2026-12-10T08:00:00Z')]);
    const { user } = setup({ now: WED });
    await grid();
    const first = cell('onsdag 9 december 07:00, ingen tid, passerad');
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(cell('torsdag 10 december 07:00, ingen tid')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const thu9 = cell('torsdag 10 december 09:00, ledig');
    expect(thu9).toHaveFocus();
    expect(thu9).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
    await user.keyboard(' ');
    expect(cell('torsdag 10 december 09:00, ingen tid')).toHaveFocus();
    await user.keyboard('{ArrowDown} ');
    expect(cell('torsdag 10 december 10:00, ledig')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(cell('tisdag 15 december 10:00, ingen tid')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(cell('tisdag 15 december 10:00, ingen tid')).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(cell('onsdag 9 december 07:00, ingen tid, passerad')).toHaveFocus();
    // Space on a past hour changes nothing.
    await user.keyboard(' ');
    expect(cell('onsdag 9 december 07:00, ingen tid, passerad')).toHaveFocus();
    expect(screen.getByText('Du har ändringar som inte är sparade.')).toBeInTheDocument();
  });

  it('saves the week for 2 weeks: adds and removes the right hours and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    const { fetchMock } = fakeServer([
      slot('a', '2026-12-10T08:00:00Z'), // Thursday 09:00: removed
      slot('next', '2026-12-18T08:00:00Z'), // next Friday 09:00: not in the pattern, removed
      slot('b', '2026-12-17T13:00:00Z', 'BOOKED'), // next Thursday 14:00: kept
    ]);
    const { user, onSaved } = setup({ now: WED });
    await grid();
    await user.click(cell('torsdag 10 december 09:00, ledig'));
    await user.click(cell('torsdag 10 december 14:00, ingen tid'));
    await user.click(cell('söndag 13 december 20:00, ingen tid'));
    await user.selectOptions(screen.getByLabelText('Använd veckans tider i'), '2 veckor');
    const save = screen.getByRole('button', { name: 'Spara tider' });
    await user.click(save);
    // Nothing is sent before the confirmation names what will be created and removed.
    const dialog = await screen.findByRole('dialog', { name: 'Använda veckans tider i 2 veckor?' });
    expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(0);
    expect(dialog).toHaveTextContent(
      'Tiderna 9–15 december kopieras till samma veckodagar och klockslag till och med tisdag 22 december. En veckodag utan tider i veckan blir tom.',
    );
    expect(dialog).toHaveTextContent('3 nya lediga tider skapas och 2 lediga tider tas bort.');
    expect(
      within(within(dialog).getByRole('list', { name: 'Vecka för vecka' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['9–15 december: 2 nya, 1 tas bort', '16–22 december: 1 ny, 1 tas bort']);
    expect(dialog).toHaveTextContent(
      'Bokade tider och tider som väntar på bekräftelse ändras inte.',
    );
    expect(
      screen.getByRole('heading', { name: 'Använda veckans tider i 2 veckor?' }),
    ).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Spara i 2 veckor' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Dina tider har sparats'));
    // One request: the hours created and removed together.
    const sent = fetchMock.find('POST', '/availabilities/changes');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['x-csrf-token']).toBe('csrf-1');
    expect(sent[0]?.body).toEqual({
      add: [
        { startTime: '2026-12-10T13:00:00.000Z', endTime: '2026-12-10T14:00:00.000Z' },
        { startTime: '2026-12-13T19:00:00.000Z', endTime: '2026-12-13T20:00:00.000Z' },
        { startTime: '2026-12-20T19:00:00.000Z', endTime: '2026-12-20T20:00:00.000Z' },
      ],
      removeIds: ['a', 'next'],
    });
    expect(onSaved).toHaveBeenCalledOnce();
    expect(cell('torsdag 10 december 14:00, ledig')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Du har ändringar som inte är sparade.')).not.toBeInTheDocument();
  });

  it('a failed save says that nothing was saved and keeps the changes, to save again', async () => {
    const success = vi.spyOn(toast, 'success');
    const { fetchMock, fail } = fakeServer([
      slot('a', '2026-12-10T08:00:00Z'), // Thursday 09:00
    ]);
    const { user, onSaved } = setup({ now: WED });
    await grid();
    await user.click(cell('torsdag 10 december 09:00, ledig'));
    await user.click(cell('torsdag 10 december 14:00, ingen tid'));
    fail(true);
    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Förfrågade eller bokade tider kan inte tas bort. Inga tider togs bort. Inget av ändringarna sparades. Dina val finns kvar, så du kan försöka igen.',
    );
    expect(success).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    // The choice is still there, unsaved.
    expect(cell('torsdag 10 december 09:00, ingen tid')).toBeInTheDocument();
    expect(cell('torsdag 10 december 14:00, ledig')).toBeInTheDocument();
    expect(screen.getByText('Du har ändringar som inte är sparade.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spara tider' })).toBeEnabled();

    fail(false);
    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Dina tider har sparats'));
    const sent = fetchMock.find('POST', '/availabilities/changes');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Du har ändringar som inte är sparade.')).not.toBeInTheDocument();
  });

  it('a Wednesday sign-up copies the week to 6 weeks: every weekday Monday to Friday, weekends empty', async () => {
    const { fetchMock } = fakeServer([]);
    const { user } = setup({ now: WED, step: 'QUESTIONS_COMPLETED' });
    await grid();
    await user.selectOptions(screen.getByLabelText('Använd veckans tider i'), '6 veckor');
    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Använda veckans tider i 6 veckor?' });
    expect(dialog).toHaveTextContent('till och med tisdag 19 januari');
    expect(dialog).toHaveTextContent('238 nya lediga tider skapas.');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '9–15 december: 38 nya',
      '16–22 december: 40 nya',
      '23–29 december: 40 nya',
      '30 december – 5 januari: 40 nya',
      '6–12 januari: 40 nya',
      '13–19 januari: 40 nya',
    ]);
    // Closing it sends nothing and gives the focus back.
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Spara tider' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    await user.click(await screen.findByRole('button', { name: 'Spara i 6 veckor' }));
    await screen.findByRole('dialog', { name: 'Ditt konto granskas' });
    const sent = (
      fetchMock.find('POST', '/availabilities/changes')[0]?.body as {
        add: { startTime: string }[];
      }
    ).add.map((s) => new Date(s.startTime));
    expect(sent).toHaveLength(238);
    const weekday = (d: Date) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', weekday: 'long' }).format(d);
    const count = (name: string) => sent.filter((d) => weekday(d) === name).length;
    expect(count('måndag')).toBe(48);
    expect(count('tisdag')).toBe(48);
    expect(count('onsdag')).toBe(46); // today's 09:00 and 10:00 had passed
    expect(count('torsdag')).toBe(48);
    expect(count('fredag')).toBe(48);
    expect(count('lördag')).toBe(0);
    expect(count('söndag')).toBe(0);
  });

  it('saves 1 week without a confirmation: the grid shows what is saved', async () => {
    const { fetchMock } = fakeServer([]);
    const { user } = setup({ now: WED });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    await waitFor(() => expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens 'Ditt konto granskas' after the first save at QUESTIONS_COMPLETED", async () => {
    const { fetchMock } = fakeServer([]);
    const { user } = setup({ now: WED, step: 'QUESTIONS_COMPLETED' });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ditt konto granskas' });
    expect(dialog).toHaveTextContent('1–2 arbetsdagar');
    expect(dialog).toHaveTextContent('e-postmeddelande');
    // The default hours of the seven days from today: Wednesday 11-16 (09 and 10 have
    // passed), Thursday, Friday, Monday and Tuesday 09-16.
    expect(
      (fetchMock.find('POST', '/availabilities/changes')[0]?.body as { add: unknown[] }).add,
    ).toHaveLength(6 + 4 * 8);
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("asks before 'Rensa': how many free hours go in which weeks, booked and requested ones stay", async () => {
    const success = vi.spyOn(toast, 'success');
    const { fetchMock } = fakeServer([
      slot('a', '2026-12-10T08:00:00Z'), // Thursday 09:00
      slot('a2', '2026-12-11T08:00:00Z'), // Friday 09:00
      slot('b', '2026-12-10T13:00:00Z', 'BOOKED'),
      slot('p', '2026-12-10T14:00:00Z', 'PENDING'),
      slot('next', '2026-12-17T08:00:00Z'), // next Thursday 09:00
      slot('b2', '2026-12-18T13:00:00Z', 'BOOKED'),
      slot('later', '2026-12-30T08:00:00Z'), // outside the two weeks
      slot('past', '2026-12-09T08:00:00Z'), // today 09:00: has passed
    ]);
    const { user, onSaved } = setup({ now: WED });
    await grid();
    await user.selectOptions(screen.getByLabelText('Använd veckans tider i'), '2 veckor');
    const rensa = screen.getByRole('button', { name: 'Rensa' });
    await user.click(rensa);
    const dialog = await screen.findByRole('dialog', { name: 'Rensa lediga tider i 2 veckor?' });
    // Nothing is removed before the confirmation.
    expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Rensa lediga tider i 2 veckor?' })).toHaveFocus();
    expect(dialog).toHaveTextContent(
      '3 lediga tider tas bort, från onsdag 9 december till och med tisdag 22 december. Klienter kan då inte boka dem.',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'Vecka för vecka' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '9–15 december: 2 lediga tider; 2 bokade eller väntande tider ligger kvar',
      '16–22 december: 1 ledig tid; 1 bokad eller väntande tid ligger kvar',
    ]);
    expect(dialog).toHaveTextContent(
      'Bokade tider och tider som väntar på bekräftelse tas aldrig bort.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Rensa 3 tider' });
    expect(confirm).toHaveAttribute('data-variant', 'destructive');
    const cancel = within(dialog).getByRole('button', { name: 'Avbryt' });
    expect(cancel).toHaveAttribute('data-variant', 'secondary');

    // 'Avbryt' removes nothing and gives the focus back to 'Rensa'.
    await user.click(cancel);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rensa).toHaveFocus();
    expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(0);
    expect(cell('torsdag 10 december 09:00, ledig')).toBeInTheDocument();

    await user.click(rensa);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rensa 3 tider' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Dina tider har rensats'));
    expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(1);
    expect(fetchMock.find('POST', '/availabilities/changes')[0]?.body).toEqual({
      add: [],
      removeIds: ['a', 'a2', 'next'],
    });
    expect(onSaved).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rensa).toHaveFocus();
    expect(cell('torsdag 10 december 09:00, ingen tid')).toBeInTheDocument();
    expect(cell('torsdag 10 december 14:00, bokad')).toBeInTheDocument();
    expect(cell('torsdag 10 december 15:00, väntar på bekräftelse')).toBeInTheDocument();
    expect(screen.queryByText('Du har ändringar som inte är sparade.')).not.toBeInTheDocument();
  });

  it("says '1 ledig tid' for one, and clears an unsaved choice at once when no free hour is saved", async () => {
    const { fetchMock } = fakeServer([slot('a', '2026-12-10T08:00:00Z')]);
    const { user } = setup({ now: WED });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Rensa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rensa lediga tider i 1 vecka?' });
    expect(dialog).toHaveTextContent('1 ledig tid tas bort, från onsdag 9 december');
    await user.click(within(dialog).getByRole('button', { name: 'Rensa 1 tid' }));
    await waitFor(() => expect(cell('torsdag 10 december 09:00, ingen tid')).toBeInTheDocument());

    // Nothing saved in the week any more: an unsaved choice is cleared without asking.
    await user.click(cell('fredag 11 december 10:00, ingen tid'));
    await user.click(screen.getByRole('button', { name: 'Rensa' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cell('fredag 11 december 10:00, ingen tid')).toBeInTheDocument();
    expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(1);
  });

  it('starts a therapist with no times on the default hours, Monday to Friday 09-17', async () => {
    fakeServer([]);
    const { user } = setup({ now: WED });
    const g = await grid();
    const chosen = within(g)
      .getAllByRole('gridcell')
      .filter((c) => c.getAttribute('aria-selected') === 'true');
    // Five weekdays of eight hours; today's 09:00 and 10:00 have passed but belong to the week's pattern.
    expect(chosen).toHaveLength(40);
    expect(cell('onsdag 9 december 09:00, ledig, passerad')).toBeInTheDocument();
    expect(cell('fredag 11 december 09:00, ledig')).toBeInTheDocument();
    expect(cell('fredag 11 december 16:00, ledig')).toBeInTheDocument();
    expect(cell('fredag 11 december 17:00, ingen tid')).toBeInTheDocument();
    expect(cell('lördag 12 december 09:00, ingen tid')).toBeInTheDocument();
    expect(cell('måndag 14 december 09:00, ledig')).toBeInTheDocument();
    // The next week has none until chosen with 'Välj standardtider'.
    await user.click(screen.getByRole('button', { name: 'Nästa vecka' }));
    expect(cell('onsdag 16 december 09:00, ingen tid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Välj standardtider' }));
    expect(cell('onsdag 16 december 09:00, ledig')).toBeInTheDocument();
    expect(cell('måndag 21 december 16:00, ledig')).toBeInTheDocument();
    expect(cell('söndag 20 december 09:00, ingen tid')).toBeInTheDocument();
  });

  it('browses seven whole days at a time, about 2 months ahead and never before today', async () => {
    fakeServer([]);
    const { user } = setup({ now: WED });
    await grid();
    const previous = screen.getByRole('button', { name: 'Föregående vecka' });
    const next = screen.getByRole('button', { name: 'Nästa vecka' });
    expect(previous).toBeDisabled();
    await user.click(next);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      '16–22 december 2026Vecka 2 av 9',
    );
    for (let i = 1; i < 8; i += 1) await user.click(next);
    expect(next).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      '3–9 februari 2027Vecka 9 av 9',
    );
    expect(cell('onsdag 3 februari 09:00, ingen tid')).toBeInTheDocument();
    expect(cell('tisdag 9 februari 20:00, ingen tid')).toBeInTheDocument();
    await user.click(previous);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('27 januari – 2 februari');
  });
});

describe('on a phone (narrower than 640 px)', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows one day at a time, chosen with a labelled day switcher', async () => {
    fakeServer([slot('a', '2026-12-10T08:00:00Z')]);
    const { user } = setup({ now: WED });
    const g = await grid();
    const switcher = screen.getByRole('tablist', { name: 'Välj dag' });
    const tabs = within(switcher).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Ons9onsdag 9 december',
      'Tor10torsdag 10 december',
      'Fre11fredag 11 december',
      'Lör12lördag 12 december',
      'Sön13söndag 13 december',
      'Mån14måndag 14 december',
      'Tis15tisdag 15 december',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'onsdag 9 december' })).toContainElement(g);
    expect(
      within(g)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tid', 'Onsdag9 december']);
    expect(within(g).getAllByRole('gridcell')).toHaveLength(14);

    await user.click(screen.getByRole('tab', { name: 'torsdag 10 december' }));
    expect(cell('torsdag 10 december 09:00, ledig')).toBeInTheDocument();
    expect(screen.queryByRole('gridcell', { name: /^onsdag/ })).not.toBeInTheDocument();
    await user.click(cell('torsdag 10 december 10:00, ingen tid'));
    expect(cell('torsdag 10 december 10:00, ledig')).toBeInTheDocument();
  });

  it('moves between the days with the arrow keys, Home and End; one day is a tab stop', async () => {
    fakeServer([]);
    const { user } = setup({ now: WED });
    await grid();
    const wednesday = screen.getByRole('tab', { name: 'onsdag 9 december' });
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([wednesday]);
    wednesday.focus();
    await user.keyboard('{ArrowRight}');
    const thursday = screen.getByRole('tab', { name: 'torsdag 10 december' });
    expect(thursday).toHaveFocus();
    expect(thursday).toHaveAttribute('aria-selected', 'true');
    expect(cell('torsdag 10 december 07:00, ingen tid')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'tisdag 15 december' })).toHaveFocus();
    expect(cell('tisdag 15 december 09:00, ledig')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'onsdag 9 december' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(wednesday).toHaveFocus();
    // Tab goes on from the chosen day into its hours.
    await user.tab();
    expect(cell('onsdag 9 december 07:00, ingen tid, passerad')).toHaveFocus();
    // The next week keeps the position of the day.
    await user.click(screen.getByRole('tab', { name: 'fredag 11 december' }));
    await user.click(screen.getByRole('button', { name: 'Nästa vecka' }));
    expect(screen.getByRole('tab', { name: 'fredag 18 december' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(cell('fredag 18 december 09:00, ingen tid')).toBeInTheDocument();
  });
});

describe('the weeks when Sweden changes clocks', () => {
  it('spring: the 23-hour Sunday 29 March keeps every hour on its wall-clock time', async () => {
    const { fetchMock } = fakeServer([]);
    // Monday 23 March 2026, 08:00 Stockholm (UTC+1).
    const { user } = setup({ now: '2026-03-23T07:00:00Z' });
    await grid();
    expect(cell('lördag 28 mars 07:00, ingen tid')).toHaveAttribute(
      'data-start',
      '2026-03-28T06:00:00.000Z',
    );
    expect(cell('söndag 29 mars 07:00, ingen tid')).toHaveAttribute(
      'data-start',
      '2026-03-29T05:00:00.000Z',
    );
    expect(cell('söndag 29 mars 20:00, ingen tid')).toHaveAttribute(
      'data-start',
      '2026-03-29T18:00:00.000Z',
    );
    await user.click(screen.getByRole('button', { name: 'Rensa' }));
    await user.click(cell('söndag 29 mars 08:00, ingen tid'));
    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    await waitFor(() => expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(1));
    expect(fetchMock.find('POST', '/availabilities/changes')[0]?.body).toEqual({
      add: [{ startTime: '2026-03-29T06:00:00.000Z', endTime: '2026-03-29T07:00:00.000Z' }],
      removeIds: [],
    });
  });

  it('autumn: the 25-hour Sunday 25 October and the week after, applied for 2 weeks', async () => {
    const { fetchMock } = fakeServer([]);
    // Monday 19 October 2026, 08:00 Stockholm (UTC+2).
    const { user } = setup({ now: '2026-10-19T06:00:00Z' });
    await grid();
    expect(cell('söndag 25 oktober 07:00, ingen tid')).toHaveAttribute(
      'data-start',
      '2026-10-25T06:00:00.000Z',
    );
    expect(cell('lördag 24 oktober 07:00, ingen tid')).toHaveAttribute(
      'data-start',
      '2026-10-24T05:00:00.000Z',
    );
    await user.click(screen.getByRole('button', { name: 'Rensa' }));
    await user.click(cell('lördag 24 oktober 09:00, ingen tid'));
    await user.click(cell('söndag 25 oktober 09:00, ingen tid'));
    await user.selectOptions(screen.getByLabelText('Använd veckans tider i'), '2 veckor');
    await user.click(screen.getByRole('button', { name: 'Spara tider' }));
    await user.click(await screen.findByRole('button', { name: 'Spara i 2 veckor' }));
    await waitFor(() => expect(fetchMock.find('POST', '/availabilities/changes')).toHaveLength(1));
    expect(fetchMock.find('POST', '/availabilities/changes')[0]?.body).toEqual({
      add: [
        { startTime: '2026-10-24T07:00:00.000Z', endTime: '2026-10-24T08:00:00.000Z' },
        { startTime: '2026-10-25T08:00:00.000Z', endTime: '2026-10-25T09:00:00.000Z' },
        { startTime: '2026-10-31T08:00:00.000Z', endTime: '2026-10-31T09:00:00.000Z' },
        { startTime: '2026-11-01T08:00:00.000Z', endTime: '2026-11-01T09:00:00.000Z' },
      ],
      removeIds: [],
    });
    await user.click(screen.getByRole('button', { name: 'Nästa vecka' }));
    expect(cell('lördag 31 oktober 09:00, ledig')).toBeInTheDocument();
    expect(cell('söndag 1 november 09:00, ledig')).toBeInTheDocument();
  });
});
