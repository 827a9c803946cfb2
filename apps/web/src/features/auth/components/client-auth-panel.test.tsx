import { MSG } from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadToasts } from '@/lib/toast';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { ClientAuthPanel } from './client-auth-panel';

const MSG_EMAIL = 'Ogiltig e-postadress';
const MSG_PASSWORD_REQUIRED = 'Lösenord är obligatoriskt';
const MSG_NAME = 'Namn är obligatoriskt';
const MSG_MIN8 = 'Lösenord måste vara minst 8 tecken';
const MSG_COMPLEXITY =
  'Lösenordet måste innehålla minst en stor bokstav, en liten bokstav och en siffra eller specialtecken.';
const MSG_MISMATCH = 'Lösenorden matchar inte';

afterEach(() => {
  vi.restoreAllMocks();
  toast.remove();
});

function setup({ onBack = vi.fn() } = {}) {
  const user = userEvent.setup();
  const result = renderRoute(<ClientAuthPanel onBack={onBack} />, { path: '/auth', user: null });
  return { user, onBack, ...result };
}

const passwordField = () => screen.getByLabelText('Lösenord', { exact: true });

async function toRegister(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Skapa konto' })).toBeInTheDocument();
}

describe('login/register toggle', () => {
  it('starts in login mode, toggles to register and back, with a back button', async () => {
    const { user, onBack } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Logga in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Glömt lösenord?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await toRegister(user);
    expect(screen.getByLabelText('Namn')).toBeInTheDocument();
    expect(screen.getByLabelText('Bekräfta lösenord')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Glömt lösenord?' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Logga in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gå tillbaka' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('login form', () => {
  it('shows both messages on an empty submit and sends nothing', async () => {
    const fetchMock = mockFetch();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText(MSG_EMAIL)).toBeInTheDocument();
    expect(screen.getByText(MSG_PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText('E-postadress')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.find('POST', '/auth/login')).toHaveLength(0);
  });

  it('refuses an invalid e-mail address', async () => {
    mockFetch();
    const { user } = setup();
    await user.type(screen.getByLabelText('E-postadress'), 'inte-en-adress');
    await user.type(passwordField(), 'x');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText(MSG_EMAIL)).toBeInTheDocument();
    expect(screen.queryByText(MSG_PASSWORD_REQUIRED)).not.toBeInTheDocument();
  });

  it('logs in, uses the new CSRF token, refetches the user and goes to /dashboard', async () => {
    let signedIn = false;
    const fetchMock = mockFetch({
      'POST /auth/login': () => {
        signedIn = true;
        return json({ user: { id: 'u1' }, csrfToken: 'csrf-after-login' });
      },
      'GET /users/me': () =>
        signedIn
          ? json({
              id: 'u1',
              type: 'CLIENT',
              name: 'Alva',
              email: 'alva@example.se',
              onboardingStep: 'PROFILE_COMPLETED',
            })
          : json({ message: 'Inte inloggad' }, 401),
      'POST /auth/logout': json({}),
    });
    const { user } = setup();
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.type(passwordField(), 'Hemligt1!');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(fetchMock.find('POST', '/auth/login')[0]!.body).toEqual({
      email: 'alva@example.se',
      password: 'Hemligt1!',
    });
    expect(fetchMock.find('GET', '/users/me').length).toBeGreaterThanOrEqual(1);
  });

  it('says a refused login once: in the form, never as a toast, and stays', async () => {
    mockFetch({
      'POST /auth/login': json({ message: 'Fel e-postadress eller lösenord.', status: 401 }, 401),
    });
    // Loaded first, so that a toast would be asked for at once, not after a lazy import.
    await loadToasts();
    const errorToast = vi.spyOn(toast, 'error');
    const { user } = setup();
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.type(passwordField(), 'fel');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    const form = screen.getByRole('form', { name: 'Logga in' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Fel e-postadress eller lösenord.',
    );
    expect(errorToast).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('says a refused login in the form too: an alert both fields are described by', async () => {
    mockFetch({
      'POST /auth/login': json({ message: 'Fel e-postadress eller lösenord.', status: 401 }, 401),
    });
    const { user } = setup();
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.type(passwordField(), 'fel');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    const form = screen.getByRole('form', { name: 'Logga in' });
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Fel e-postadress eller lösenord.');
    for (const field of [screen.getByLabelText('E-postadress'), passwordField()]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Fel e-postadress eller lösenord.');
    }
    expect(passwordField()).toHaveFocus();
  });

  it('shows the too-many-attempts text in the form, not as a toast', async () => {
    mockFetch({ 'POST /auth/login': json({ message: 'whatever' }, 429) });
    // Loaded first, so that a toast would be asked for at once, not after a lazy import.
    await loadToasts();
    const errorToast = vi.spyOn(toast, 'error');
    const { user } = setup();
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.type(passwordField(), 'x');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    const form = screen.getByRole('form', { name: 'Logga in' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'För många försök, försök igen om en stund eller kontakta support om problemet kvarstår',
    );
    expect(errorToast).not.toHaveBeenCalled();
  });
});

describe('register form', () => {
  it('shows the name, e-mail and length messages on an empty submit', async () => {
    const fetchMock = mockFetch();
    const { user } = setup();
    await toRegister(user);
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
    expect(await screen.findByText(MSG_NAME)).toBeInTheDocument();
    expect(screen.getByText(MSG_EMAIL)).toBeInTheDocument();
    expect(screen.getByText(MSG_MIN8)).toBeInTheDocument();
    expect(fetchMock.find('POST', '/auth/register')).toHaveLength(0);
  });

  it.each([
    ['abcdefgh1', 'no uppercase'],
    ['ABCDEFGH1', 'no lowercase'],
    ['Abcdefghi', 'no digit or special'],
  ])('refuses %s (%s) with the complexity message', async (password) => {
    mockFetch();
    const { user } = setup();
    await toRegister(user);
    await user.type(passwordField(), password);
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
    expect(await screen.findByText(MSG_COMPLEXITY)).toBeInTheDocument();
  });

  it('shows the mismatch message on the confirmation field', async () => {
    mockFetch();
    const { user } = setup();
    await toRegister(user);
    await user.type(passwordField(), 'Abcdefg1');
    await user.type(screen.getByLabelText('Bekräfta lösenord'), 'Abcdefg2');
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
    const message = await screen.findByText(MSG_MISMATCH);
    expect(screen.getByLabelText('Bekräfta lösenord')).toHaveAttribute(
      'aria-describedby',
      expect.stringContaining(message.id),
    );
  });

  it.each([
    ['', 'Svagt'],
    ['abc', 'Svagt'],
    ['abcdefgh', 'Medel'],
    ['Abcdefgh', 'Starkt'],
    ['Abcdefg1', 'Mycket starkt'],
  ])('the live meter labels %j as %s', async (password, label) => {
    mockFetch();
    const { user } = setup();
    await toRegister(user);
    if (password) await user.type(passwordField(), password);
    await waitFor(() =>
      expect(screen.getByText('Lösenordsstyrka:').parentElement).toHaveTextContent(
        `Lösenordsstyrka: ${label}`,
      ),
    );
  });

  it('sends email, name and password (never the confirmation), then thanks in a dialog and switches to login', async () => {
    const fetchMock = mockFetch({ 'POST /auth/register': json({ message: 'ok' }, 201) });
    const { user } = setup();
    await toRegister(user);
    await user.type(screen.getByLabelText('Namn'), 'Alva Andersson');
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.type(passwordField(), 'Ljus-Fjäril-47');
    await user.type(screen.getByLabelText('Bekräfta lösenord'), 'Ljus-Fjäril-47');
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));

    const dialog = await screen.findByRole('dialog', { name: 'Tack för din registrering!' });
    expect(dialog).toHaveTextContent('alva@example.se');
    expect(dialog).toHaveTextContent(/verifieringsmejl/);
    expect(fetchMock.find('POST', '/auth/register')[0]!.body).toEqual({
      email: 'alva@example.se',
      name: 'Alva Andersson',
      password: 'Ljus-Fjäril-47',
    });
    expect(fetchMock.find('POST', '/auth/register')[0]!.headers['x-csrf-token']).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Logga in' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-postadress')).toHaveValue('alva@example.se');
  });

  it("shows the server's refusal of an easily guessed password on the field, with focus there", async () => {
    // The guessability check runs on the server only (decision 301): the form sends, the
    // server refuses with PASSWORD_TOO_WEAK before any account exists, the field says why.
    const fetchMock = mockFetch({
      'POST /auth/register': json(
        {
          message: MSG.passwordTooWeak,
          status: 400,
          code: 'PASSWORD_TOO_WEAK',
          fieldErrors: { password: [MSG.passwordTooWeak] },
        },
        400,
      ),
    });
    const { user } = setup();
    await toRegister(user);
    await user.type(screen.getByLabelText('Namn'), 'Alva Andersson');
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.type(passwordField(), 'Password123!');
    await user.type(screen.getByLabelText('Bekräfta lösenord'), 'Password123!');
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
    const message = (await screen.findAllByText(MSG.passwordTooWeak)).find((el) =>
      passwordField().getAttribute('aria-describedby')?.includes(el.id),
    );
    expect(message).toBeDefined();
    await waitFor(() => expect(passwordField()).toHaveFocus());
    expect(fetchMock.find('POST', '/auth/register')[0]!.body).toEqual({
      email: 'alva@example.se',
      name: 'Alva Andersson',
      password: 'Password123!',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a server refusal through the shared handler and on the field', async () => {
    mockFetch({
      'POST /auth/register': json(
        {
          message: 'Lösenordet är för vanligt.',
          status: 400,
          fieldErrors: { password: ['Lösenordet är för vanligt.'] },
        },
        400,
      ),
    });
    const errorToast = vi.spyOn(toast, 'error');
    const { user } = setup();
    await toRegister(user);
    await user.type(screen.getByLabelText('Namn'), 'Alva');
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.type(passwordField(), 'Ljus-Fjäril-47');
    await user.type(screen.getByLabelText('Bekräfta lösenord'), 'Ljus-Fjäril-47');
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith('Lösenordet är för vanligt.', expect.anything()),
    );
    expect(
      await screen.findByText('Lösenordet är för vanligt.', { selector: 'p' }),
    ).toBeInTheDocument();
  });
});

describe('BankID for clients', () => {
  it('starts BankID as a client from the login form and redirects', async () => {
    const fetchMock = mockFetch({
      'GET /auth/bankid/initiate?acrValues=urn%3Agrn%3Aauthn%3Ase%3Abankid%3Aanother-device%3Aqr&role=client':
        json({ authorizationUrl: 'https://bankid.example/authorize?client=1' }),
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Logga in med BankID' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://bankid.example/authorize?client=1'),
    );
    expect(fetchMock.calls.filter((c) => c.path.startsWith('/auth/bankid/initiate'))).toHaveLength(
      1,
    );
  });

  it('offers BankID only in login mode', async () => {
    mockFetch();
    const { user } = setup();
    await toRegister(user);
    expect(screen.queryByRole('button', { name: 'Logga in med BankID' })).not.toBeInTheDocument();
  });
});

describe('focus on switching between login and register', () => {
  it('moves focus to the new heading, and never away from a field typed in right after', async () => {
    mockFetch();
    const { user } = setup();
    await toRegister(user);
    expect(screen.getByRole('heading', { level: 1, name: 'Skapa konto' })).toHaveFocus();
    await user.type(passwordField(), 'abcdefgh');
    // Let the next frame run (and any frame callback queued before it): the typed text
    // must stay where it was typed.
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    expect(passwordField()).toHaveValue('abcdefgh');
    expect(passwordField()).toHaveFocus();
  });
});
