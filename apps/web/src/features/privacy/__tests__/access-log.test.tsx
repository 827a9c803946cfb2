import {
  ACCESS_KIND_LABELS,
  ACCESS_LOG_LIMIT_DEFAULT,
  ACCESS_LOG_PAGE,
  accessLogResponseSchema,
  type AccessLogEntry,
  type User,
} from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrivacyPage } from '@/app/routes/privacy';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { clientUser, providerUser } from '@/test/users';

afterEach(() => {
  vi.restoreAllMocks();
});

const T = ACCESS_LOG_PAGE;

/** One read (the first and the last the same), or `count` reads from `readAt` to `lastReadAt`. */
function entry(
  id: number,
  readAt: string,
  reader: AccessLogEntry['reader'],
  kind: AccessLogEntry['kind'] = 'CLIENT_ANSWERS',
  reads: { count: number; lastReadAt: string } = { count: 1, lastReadAt: readAt },
): AccessLogEntry {
  return { id, readAt, ...reads, reader, kind, what: ACCESS_KIND_LABELS[kind] };
}

/** Entries `count` hours apart, newest first, all by the same therapist. */
function many(count: number): AccessLogEntry[] {
  const start = Date.parse('2026-11-27T13:00:00.000Z');
  return Array.from({ length: count }, (_, i) =>
    entry(count - i, new Date(start - i * 3_600_000).toISOString(), {
      role: 'PROVIDER',
      name: `Terapeut ${i + 1}`,
      erased: false,
    }),
  );
}

/** /integritet for `me`, the access log answering `log` (the API's strict shape). */
type Reply = ReturnType<typeof json>;

function show(me: User, log: AccessLogEntry[] | (() => Reply | Promise<Reply>)) {
  const fetches = mockFetch({
    'GET /users/me': json(me),
    'GET /users/me/consents': json([]),
    'GET /users/me/access-log':
      typeof log === 'function' ? log : json(accessLogResponseSchema.parse(log)),
  });
  renderRoute(<PrivacyPage />, { path: '/integritet', user: me });
  return { fetches, section: () => screen.getByRole('region', { name: T.title }) };
}

const items = (list: HTMLElement) => within(list).getAllByRole('listitem');

describe("/integritet: 'Vem har läst mina uppgifter'", () => {
  it('lists each read newest first: when in Stockholm time, who with their role, and what', async () => {
    const me = clientUser();
    const { section } = show(me, [
      entry(2, '2026-11-27T13:00:00.000Z', {
        role: 'PROVIDER',
        name: 'Tora Terapeut',
        erased: false,
      }),
      entry(1, '2026-07-03T08:05:00.000Z', { role: 'ADMIN', name: 'Ada Admin', erased: false }),
    ]);
    // The section comes right after the download, as the issue lists them.
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    const headings = regions.map((id) => document.getElementById(id!)!.textContent);
    expect(headings.slice(0, 2)).toEqual(['Ladda ned mina uppgifter', T.title]);
    // The intro says once that the times are Swedish time.
    expect(within(section()).getByText(T.clientIntro)).toHaveTextContent('Tiderna är svensk tid.');

    const list = await within(section()).findByRole('list', { name: T.listLabel });
    const [first, second] = items(list);
    expect(first).toHaveTextContent(
      'Fredag 27 november 2026 kl. 14:00' +
        'Vem:Tora Terapeut, terapeut' +
        `Vad:${ACCESS_KIND_LABELS.CLIENT_ANSWERS}` +
        'Antal:1 gång',
    );
    expect(
      within(first!)
        .getByText(/^Fredag/)
        .closest('time'),
    ).toHaveAttribute('datetime', '2026-11-27T13:00:00.000Z');
    // Summer time: 08:05 UTC is 10:05 in Stockholm.
    expect(second).toHaveTextContent('Fredag 3 juli 2026 kl. 10:05Vem:');
    expect(second).toHaveTextContent('Vem:Ada Admin, administratör');
    expect(screen.queryByRole('button', { name: T.showMore })).not.toBeInTheDocument();
  });

  it('shows a day of several reads honestly: the last time, how many, and when the first was', async () => {
    const { section } = show(clientUser(), [
      entry(
        7,
        '2026-11-27T08:12:00.000Z',
        { role: 'PROVIDER', name: 'Tora Terapeut', erased: false },
        'CLIENT_ANSWERS',
        { count: 4, lastReadAt: '2026-11-27T13:05:00.000Z' },
      ),
    ]);
    expect(within(section()).getByText(T.clientIntro)).toHaveTextContent('Varje läsning räknas');
    const list = await within(section()).findByRole('list', { name: T.listLabel });
    const [row] = items(list);
    expect(row).toHaveTextContent('Fredag 27 november 2026 kl. 14:05');
    expect(row).toHaveTextContent('Antal:4 gånger, första kl. 09:12');
    expect(
      within(row!)
        .getByText(/^Fredag/)
        .closest('time'),
    ).toHaveAttribute('datetime', '2026-11-27T13:05:00.000Z');
  });

  it('shows a therapist their own intro, and an erased reader by the placeholder only', async () => {
    const me = providerUser();
    const { section } = show(me, [
      entry(
        1,
        '2026-11-27T13:00:00.000Z',
        { role: 'ADMIN', name: 'Borttagen administratör', erased: true },
        'PERSONNUMMER',
      ),
    ]);
    expect(within(section()).getByText(T.providerIntro)).toBeInTheDocument();
    const list = await within(section()).findByRole('list', { name: T.listLabel });
    expect(items(list)[0]).toHaveTextContent('Vem:Borttagen administratör');
    expect(items(list)[0]).toHaveTextContent(`Vad:${ACCESS_KIND_LABELS.PERSONNUMMER}`);
  });

  it('says so when no one else has read anything, after a loading state', async () => {
    let answer: (value: Reply) => void = () => {};
    const { section } = show(clientUser(), () => new Promise<Reply>((r) => (answer = r)));
    expect(await within(section()).findByRole('status')).toHaveTextContent(T.loading);
    answer(json([]));
    expect(await within(section()).findByText(T.empty)).toBeInTheDocument();
    expect(within(section()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says so when the log cannot be read, and reads it again on request', async () => {
    let fail = true;
    const { section, fetches } = show(clientUser(), () =>
      fail ? json({ message: 'x', status: 500 }, 500) : json(many(1)),
    );
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(T.error);
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: T.retry }));
    expect(await within(section()).findByRole('list', { name: T.listLabel })).toBeInTheDocument();
    expect(fetches.find('GET', '/users/me/access-log')).toHaveLength(2);
  });

  it("shows 20 at a time; 'Visa fler' shows the next ones and moves focus to the first of them", async () => {
    const user = userEvent.setup();
    const { section } = show(clientUser(), many(45));
    const list = await within(section()).findByRole('list', { name: T.listLabel });
    expect(items(list)).toHaveLength(20);
    expect(within(section()).getByText(T.shown(20, 45))).toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: T.showMore }));
    expect(items(list)).toHaveLength(40);
    await waitFor(() => expect(items(list)[20]).toHaveFocus());
    expect(items(list)[20]).toHaveTextContent('Terapeut 21, terapeut');
    expect(within(section()).getByText(T.shown(40, 45))).toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: T.showMore }));
    expect(items(list)).toHaveLength(45);
    await waitFor(() => expect(items(list)[40]).toHaveFocus());
    expect(within(section()).queryByRole('button', { name: T.showMore })).not.toBeInTheDocument();
    expect(within(section()).queryByText(T.limited(ACCESS_LOG_LIMIT_DEFAULT))).toBeNull();
  });

  it('says the download holds older reads when the list is as long as the API gives', async () => {
    const { section } = show(clientUser(), many(ACCESS_LOG_LIMIT_DEFAULT));
    await within(section()).findByRole('list', { name: T.listLabel });
    expect(within(section()).getByText(T.limited(ACCESS_LOG_LIMIT_DEFAULT))).toBeInTheDocument();
  });
});
