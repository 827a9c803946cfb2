import { MSG } from '@samtalsmatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from '@/app/routes/public/reset-password';
import { currentUserKey } from '@/features/auth/api/current-user';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

const NEUTRAL =
  'Om ett konto existerar för den angivna e-posten har en återställningslänk skickats.';
const LINK_FAILED = 'Länken kan ha gått ut eller så är den ogiltig.';

afterEach(() => {
  vi.restoreAllMocks();
  toast.remove();
});

describe('forgot password', () => {
  it('needs a valid e-mail address', async () => {
    const fetchMock = mockFetch();
    const user = userEvent.setup();
    renderRoute(<ForgotPasswordForm />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Skicka återställningslänk' }));
    expect(await screen.findByText('Ogiltig e-postadress')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-postadress'), 'fel@');
    await user.click(screen.getByRole('button', { name: 'Skicka återställningslänk' }));
    expect(screen.getByText('Ogiltig e-postadress')).toBeInTheDocument();
    expect(fetchMock.find('POST', '/auth/forgot-password')).toHaveLength(0);
  });

  it('always ends in the neutral message', async () => {
    const fetchMock = mockFetch({ 'POST /auth/forgot-password': json({ message: 'x' }) });
    const user = userEvent.setup();
    renderRoute(<ForgotPasswordForm />, { user: null });
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka återställningslänk' }));
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(fetchMock.find('POST', '/auth/forgot-password')[0]!.body).toEqual({
      email: 'alva@example.se',
    });
  });

  it('shows a failure through the shared handler', async () => {
    mockFetch({ 'POST /auth/forgot-password': json({ message: 'x' }, 500) });
    const errorToast = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderRoute(<ForgotPasswordForm />, { user: null });
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka återställningslänk' }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith(
        'Något gick fel, försök igen senare eller kontakta support om problemet kvarstår',
        expect.anything(),
      ),
    );
    expect(screen.queryByText(NEUTRAL)).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  const newPassword = () => screen.getByLabelText('Nytt lösenord', { exact: true });
  const confirm = () => screen.getByLabelText('Bekräfta nytt lösenord');
  const submit = () => screen.getByRole('button', { name: 'Spara nytt lösenord' });

  it('needs 8 characters and a matching confirmation', async () => {
    const fetchMock = mockFetch();
    const user = userEvent.setup();
    renderRoute(<ResetPasswordForm token="t1" />, { user: null });
    await user.type(newPassword(), 'kort');
    await user.type(confirm(), 'annat');
    await user.click(submit());
    expect(await screen.findByText('Lösenordet måste vara minst 8 tecken.')).toBeInTheDocument();
    expect(screen.getByText('Lösenorden matchar inte.')).toBeInTheDocument();
    expect(fetchMock.find('POST', '/auth/reset-password')).toHaveLength(0);
  });

  it('sends password and token, then confirms with a way to log in', async () => {
    const fetchMock = mockFetch({
      'POST /auth/reset-password': json({ message: 'Ditt lösenord har ändrats.' }),
    });
    const user = userEvent.setup();
    renderRoute(<ResetPasswordForm token="t1" />, { user: null });
    await user.type(newPassword(), 'Nytt-Höst-Äpple-83');
    await user.type(confirm(), 'Nytt-Höst-Äpple-83');
    await user.click(submit());
    expect(await screen.findByText('Ditt lösenord har ändrats.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till inloggningen' })).toHaveAttribute(
      'href',
      '/auth?form=klient',
    );
    expect(fetchMock.find('POST', '/auth/reset-password')[0]!.body).toEqual({
      password: 'Nytt-Höst-Äpple-83',
      token: 't1',
    });
  });

  it('says every session ends, and forgets a user signed in in this browser', async () => {
    mockFetch({
      'POST /auth/reset-password/check': json({ valid: true }),
      'POST /auth/reset-password': json({ message: 'Ditt lösenord har ändrats.' }),
    });
    const user = userEvent.setup();
    const { client } = renderRoute(<ResetPasswordPage />, {
      path: '/reset-password',
      state: { token: 't1' },
      user: { id: 'u1', type: 'CLIENT', name: 'Alva', onboardingStep: 'PROFILE_COMPLETED' },
    });
    // The API deletes every session of the account, this one included.
    expect(
      await screen.findByText(
        'Välj ett nytt lösenord för ditt konto. När det är sparat loggas du ut på alla enheter.',
      ),
    ).toBeInTheDocument();
    await user.type(newPassword(), 'Nytt-Höst-Äpple-83');
    await user.type(confirm(), 'Nytt-Höst-Äpple-83');
    await user.click(submit());
    expect(await screen.findByText('Ditt lösenord har ändrats.')).toBeInTheDocument();
    expect(client.getQueryData(currentUserKey)).toBeNull();
  });

  it('a refused link offers to try again', async () => {
    mockFetch({
      'POST /auth/reset-password': json({ message: 'Länken är ogiltig.', status: 400 }, 400),
    });
    const user = userEvent.setup();
    renderRoute(<ResetPasswordForm token="gammal" />, { user: null });
    await user.type(newPassword(), 'Nytt-Höst-Äpple-83');
    await user.type(confirm(), 'Nytt-Höst-Äpple-83');
    await user.click(submit());
    expect(await screen.findByText(LINK_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('a password the server refuses is shown on the field, not as a bad link', async () => {
    mockFetch({
      'POST /auth/reset-password': json(
        { message: 'För vanligt.', status: 400, fieldErrors: { password: ['För vanligt.'] } },
        400,
      ),
    });
    const user = userEvent.setup();
    renderRoute(<ResetPasswordForm token="t1" />, { user: null });
    await user.type(newPassword(), 'Kvarnbergsgatan7!');
    await user.type(confirm(), 'Kvarnbergsgatan7!');
    await user.click(submit());
    expect(await screen.findByText('För vanligt.')).toBeInTheDocument();
    expect(screen.queryByText(LINK_FAILED)).not.toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's refusal of an easily guessed password on the field, sent once", async () => {
    const fetchMock = mockFetch({
      'POST /auth/reset-password': json(
        {
          message: MSG.passwordTooWeak,
          status: 400,
          code: 'PASSWORD_TOO_WEAK',
          fieldErrors: { password: [MSG.passwordTooWeak] },
        },
        400,
      ),
    });
    const user = userEvent.setup();
    renderRoute(<ResetPasswordForm token="t1" />, { user: null });
    await user.type(newPassword(), 'Password123!');
    await user.type(confirm(), 'Password123!');
    await user.click(submit());
    expect(await screen.findByText(MSG.passwordTooWeak)).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(newPassword()).toHaveFocus());
    expect(screen.queryByText(LINK_FAILED)).not.toBeInTheDocument();
    expect(fetchMock.find('POST', '/auth/reset-password')).toHaveLength(1);
  });

  it('the page checks the link first; a refused one gets no form but a way to a new link', async () => {
    const fetchMock = mockFetch({
      'POST /auth/reset-password/check': json(
        { message: LINK_FAILED, status: 400, code: 'TOKEN_INVALID' },
        400,
      ),
    });
    renderRoute(<ResetPasswordPage />, {
      path: '/reset-password',
      state: { token: 'gammal' },
      user: null,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_FAILED);
    expect(screen.queryByLabelText('Nytt lösenord', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(fetchMock.find('POST', '/auth/reset-password/check')[0]!.body).toEqual({
      token: 'gammal',
    });
    expect(fetchMock.find('POST', '/auth/reset-password')).toHaveLength(0);
  });
});
