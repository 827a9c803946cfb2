import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '@/features/auth/api/current-user';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { Header, WIDE_QUERY } from './header';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A screen wider than 768 px (jsdom has no matchMedia: a phone's width otherwise). */
function onAWideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === WIDE_QUERY,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

type Role = 'CLIENT' | 'PROVIDER' | 'ADMIN';
const person = (type: Role, step: string) => ({
  id: 'u1',
  type,
  name: 'Alva',
  email: 'alva@example.se',
  onboardingStep: step,
});

/** The menu table (docs/rules/accounts.md#header-and-menu): entries by step, provider-only entries, 'Logga ut' last. */
// Clients also get 'E-postadress' after the table's entries (decision 196),
// and both clients and therapists 'Integritet' last before 'Logga ut' (docs/rules/privacy.md#privacy-page).
const EXPECTED: Record<string, Record<'CLIENT' | 'PROVIDER', string[]>> = {
  USER_CREATED: {
    CLIENT: ['Profil', 'E-postadress', 'Integritet'],
    PROVIDER: ['Profil', 'Integritet'],
  },
  PROFILE_COMPLETED: {
    CLIENT: ['Frågeformulär', 'E-postadress', 'Integritet'],
    PROVIDER: ['Profil', 'Frågeformulär', 'Integritet'],
  },
  QUESTIONS_COMPLETED: {
    CLIENT: ['Matchningar', 'Frågeformulär', 'E-postadress', 'Integritet'],
    PROVIDER: ['Matchningar', 'Profil', 'Frågeformulär', 'Tillgänglighet', 'Integritet'],
  },
  ONBOARDING_COMPLETED: {
    CLIENT: ['Matchningar', 'Frågeformulär', 'E-postadress', 'Integritet'],
    PROVIDER: ['Matchningar', 'Profil', 'Frågeformulär', 'Tillgänglighet', 'Integritet'],
  },
  SOMETHING_ELSE: {
    CLIENT: ['Matchningar', 'E-postadress', 'Integritet'],
    PROVIDER: ['Matchningar', 'Integritet'],
  },
};
const HREF: Record<string, string> = {
  Matchningar: '/dashboard',
  Profil: '/profile',
  Frågeformulär: '/questions',
  Tillgänglighet: '/availability',
  'E-postadress': '/account/email',
  Integritet: '/integritet',
};

describe('Header states', () => {
  it('shows nothing on the right while the user loads', () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
    renderRoute(<Header />);
    expect(screen.getByRole('link', { name: 'Samtalsmatch' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Logga in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a visitor sees "Logga in" leading to /auth', () => {
    mockFetch();
    renderRoute(<Header />, { user: null });
    expect(screen.getByRole('link', { name: 'Logga in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Meny' })).not.toBeInTheDocument();
  });

  it('shows no "Logga in" on /auth itself', () => {
    mockFetch();
    renderRoute(<Header />, { user: null, path: '/auth' });
    expect(screen.getByRole('link', { name: 'Samtalsmatch' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Logga in' })).not.toBeInTheDocument();
  });

  it('an admin sees only "Logga ut"', () => {
    mockFetch({ 'GET /users/me': json(person('ADMIN', 'ONBOARDING_COMPLETED')) });
    renderRoute(<Header />, { user: person('ADMIN', 'ONBOARDING_COMPLETED') });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Logga ut']);
    expect(screen.queryByRole('link', { name: 'Logga in' })).not.toBeInTheDocument();
  });
});

describe('menu entries by step and role', () => {
  const cases = Object.entries(EXPECTED).flatMap(([step, byRole]) =>
    (['CLIENT', 'PROVIDER'] as const).map((type) => ({ step, type, entries: byRole[type] })),
  );

  it.each(cases)('$type at $step: desktop dropdown', async ({ step, type, entries }) => {
    onAWideScreen();
    mockFetch({ 'GET /users/me': json(person(type, step)) });
    const user = userEvent.setup();
    renderRoute(<Header />, { user: person(type, step) });
    await user.click(await screen.findByRole('button', { name: 'Meny' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Mitt konto')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([...entries, 'Logga ut']);
    for (const item of items.slice(0, -1)) {
      expect(item).toHaveAttribute('href', HREF[item.textContent!]);
    }
  });

  it.each(cases)('$type at $step: mobile slide-in menu', async ({ step, type, entries }) => {
    mockFetch({ 'GET /users/me': json(person(type, step)) });
    const user = userEvent.setup();
    renderRoute(<Header />, { user: person(type, step) });
    const opener = await screen.findByRole('button', { name: 'Öppna menyn' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Meny' });
    const nav = within(dialog).getByRole('navigation', { name: 'Mitt konto' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...entries, 'Logga ut']);
    // Focus is inside the dialog, and returns to the opener on Escape.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

describe('one menu for the width', () => {
  it('a phone gets only the slide-in menu, never the dropdown (its code stays unloaded)', async () => {
    mockFetch({ 'GET /users/me': json(person('CLIENT', 'ONBOARDING_COMPLETED')) });
    renderRoute(<Header />, { user: person('CLIENT', 'ONBOARDING_COMPLETED') });
    expect(await screen.findByRole('button', { name: 'Öppna menyn' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meny' })).not.toBeInTheDocument();
  });

  it('a wide screen gets only the dropdown', async () => {
    onAWideScreen();
    mockFetch({ 'GET /users/me': json(person('CLIENT', 'ONBOARDING_COMPLETED')) });
    renderRoute(<Header />, { user: person('CLIENT', 'ONBOARDING_COMPLETED') });
    expect(await screen.findByRole('button', { name: 'Meny' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Öppna menyn' })).not.toBeInTheDocument();
  });
});

describe('logout', () => {
  it('posts an empty object, clears the cache and goes to /', async () => {
    let signedIn = true;
    const fetchMock = mockFetch({
      'GET /users/me': () =>
        signedIn ? json(person('CLIENT', 'PROFILE_COMPLETED')) : json({ message: 'Ut' }, 401),
      'POST /auth/logout': () => {
        signedIn = false;
        return json({ message: 'Du är utloggad.' });
      },
    });
    const user = userEvent.setup();
    // The header stays mounted across the navigation, as in the root layout.
    const { client } = renderRoute(<Header />, {
      path: '/questions',
      pattern: '*',
      user: person('CLIENT', 'PROFILE_COMPLETED'),
    });
    client.setQueryData(['matches'], [{ id: 'm1' }]);
    await user.click(await screen.findByRole('button', { name: 'Öppna menyn' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logga ut' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const [call] = fetchMock.find('POST', '/auth/logout');
    expect(call!.body).toEqual({});
    expect(call!.headers['x-csrf-token']).toBeTruthy();
    expect(client.getQueryData(['matches'])).toBeUndefined();
    expect(client.getQueryData(currentUserKey)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Logga in' })).toBeInTheDocument();
  });

  it('discards the CSRF token: the next change fetches a new one', async () => {
    const fetchMock = mockFetch({
      'GET /users/me': json(person('ADMIN', 'ONBOARDING_COMPLETED')),
      'POST /auth/logout': json({}),
    });
    const user = userEvent.setup();
    renderRoute(<Header />, { user: person('ADMIN', 'ONBOARDING_COMPLETED') });
    await user.click(screen.getByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const before = fetchMock.find('GET', '/csrf-token').length;
    const { api } = await import('@/lib/api-client');
    await api.post('/auth/logout', {});
    expect(fetchMock.find('GET', '/csrf-token').length).toBe(before + 1);
  });
});
