import type { CalendarFeedStatus } from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { CalendarFeedSection } from '../components/calendar-feed-section';
import { CALENDAR_FEED_TEXTS as TEXT } from '../texts';

afterEach(() => {
  vi.restoreAllMocks();
});

const URL_1 = `http://localhost:3000/api/calendar/${'a'.repeat(43)}.ics`;
const URL_2 = `http://localhost:3000/api/calendar/${'b'.repeat(43)}.ics`;
const OFF: CalendarFeedStatus = { enabled: false, createdAt: null };
const ON: CalendarFeedStatus = { enabled: true, createdAt: '2026-11-27T09:00:00.000Z' };

async function section() {
  return screen.findByRole('region', { name: TEXT.title });
}

describe('the calendar feed section', () => {
  it('turns the feed on, shows and copies the link with a spoken confirmation, makes a new one', async () => {
    let status = OFF;
    const urls = [URL_1, URL_2];
    const fetchMock = mockFetch({
      'GET /users/me/calendar-feed': () => json(status),
      'POST /users/me/calendar-feed': () => {
        status = ON;
        return json({ url: urls.shift() }, 201);
      },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderRoute(<CalendarFeedSection />);
    const region = await section();
    expect(await within(region).findByText(TEXT.off)).toBeInTheDocument();
    for (const step of TEXT.howTo) expect(within(region).getByText(step.name)).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: TEXT.turnOn }));
    const link = await within(region).findByRole('textbox', { name: TEXT.urlLabel });
    expect(link).toHaveValue(URL_1);
    await waitFor(() => expect(link).toHaveFocus());
    await user.click(within(region).getByRole('button', { name: TEXT.copy }));
    expect(writeText).toHaveBeenCalledWith(URL_1);
    expect(await within(region).findByRole('status')).toHaveTextContent(TEXT.copied);

    await user.click(within(region).getByRole('button', { name: TEXT.rotate }));
    await waitFor(() => expect(link).toHaveValue(URL_2));
    expect(fetchMock.find('POST', '/users/me/calendar-feed')).toHaveLength(2);
    expect(fetchMock.find('POST', '/users/me/calendar-feed')[0]!.headers['x-csrf-token']).toBe(
      'csrf-1',
    );
  });

  it('says the link is not shown again once on, and turns it off', async () => {
    const fetchMock = mockFetch({
      'GET /users/me/calendar-feed': json(ON),
      'DELETE /users/me/calendar-feed': { status: 204 },
    });
    const user = userEvent.setup();
    renderRoute(<CalendarFeedSection />);
    const region = await section();
    expect(await within(region).findByText(TEXT.urlHidden)).toBeInTheDocument();
    expect(within(region).queryByRole('textbox')).toBeNull();
    await user.click(within(region).getByRole('button', { name: TEXT.turnOff }));
    const turnOn = await within(region).findByRole('button', { name: TEXT.turnOn });
    await waitFor(() => expect(turnOn).toHaveFocus());
    expect(fetchMock.find('DELETE', '/users/me/calendar-feed')).toHaveLength(1);
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    let fail = true;
    mockFetch({
      'GET /users/me/calendar-feed': () =>
        fail ? json({ message: 'Något gick fel.', status: 500 }, 500) : json(OFF),
    });
    const user = userEvent.setup();
    renderRoute(<CalendarFeedSection />);
    expect(screen.getByText(TEXT.loading)).toBeInTheDocument();
    const region = await section();
    expect(await within(region).findByRole('alert')).toHaveTextContent(TEXT.loadFailed);
    fail = false;
    await user.click(within(region).getByRole('button', { name: TEXT.retry }));
    expect(await within(region).findByText(TEXT.off)).toBeInTheDocument();
  });
});
