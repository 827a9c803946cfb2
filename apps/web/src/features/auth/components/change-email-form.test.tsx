import { MSG, type User } from '@samtalsmatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { ChangeEmailForm } from './change-email-form';
import { UndoEmailChangeStatus } from './undo-email-change-status';

afterEach(() => {
  vi.restoreAllMocks();
});

const client: User = {
  id: 'u1',
  type: 'CLIENT',
  name: 'Alva Andersson',
  email: 'alva@example.se',
  emailVerified: true,
  phoneNumber: null,
  ssn: null,
  onboardingStep: 'QUESTIONS_COMPLETED',
  address: null,
  profile: null,
  hasPassword: true,
};
const bankIdOnly: User = { ...client, type: 'PROVIDER', hasPassword: false };
const REQUESTED =
  'Vi har skickat en bekräftelselänk till den nya e-postadressen. Adressen byts när du har öppnat länken.';

const newEmail = () => screen.getByLabelText('Ny e-postadress');
const currentPassword = () => screen.getByLabelText('Nuvarande lösenord');
const submit = () => screen.getByRole('button', { name: 'Skicka bekräftelselänk' });

describe('change e-mail', () => {
  it('asks a password account for the new address and the current password, sending nothing without them', async () => {
    const fetchMock = mockFetch();
    const user = userEvent.setup();
    renderRoute(<ChangeEmailForm user={client} />, { user: client });
    await user.click(submit());
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText('Ogiltig e-postadress')).toBeInTheDocument();
    expect(fetchMock.find('PATCH', '/users/email')).toHaveLength(0);
  });

  it('sends both and shows that the link is on its way', async () => {
    const fetchMock = mockFetch({ 'PATCH /users/email': json({ message: REQUESTED }, 202) });
    const user = userEvent.setup();
    renderRoute(<ChangeEmailForm user={client} />, { user: client });
    await user.type(newEmail(), 'ny@example.se');
    await user.type(currentPassword(), 'Ljus-Fjäril-47');
    await user.click(submit());
    expect(await screen.findByText(REQUESTED)).toBeInTheDocument();
    expect(fetchMock.find('PATCH', '/users/email')[0]!.body).toEqual({
      email: 'ny@example.se',
      currentPassword: 'Ljus-Fjäril-47',
    });
  });

  it('shows a wrong password on the password field', async () => {
    mockFetch({
      'PATCH /users/email': json(
        {
          message: MSG.currentPasswordWrong,
          status: 400,
          code: 'CURRENT_PASSWORD_INVALID',
          fieldErrors: { currentPassword: [MSG.currentPasswordWrong] },
        },
        400,
      ),
    });
    const user = userEvent.setup();
    renderRoute(<ChangeEmailForm user={client} />, { user: client });
    await user.type(newEmail(), 'ny@example.se');
    await user.type(currentPassword(), 'Fel-Lösenord-1');
    await user.click(submit());
    const message = await screen.findByText(MSG.currentPasswordWrong, { selector: 'p' });
    expect(currentPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(currentPassword()).toHaveAttribute(
      'aria-describedby',
      expect.stringContaining(message.id),
    );
    await waitFor(() => expect(currentPassword()).toHaveFocus());
  });

  it('a BankID-only account gets no password field, and a refusal asks for BankID again', async () => {
    const fetchMock = mockFetch({
      'PATCH /users/email': json(
        {
          message: MSG.bankIdReauthRequired,
          status: 400,
          code: 'REAUTHENTICATION_REQUIRED',
          fieldErrors: { email: [MSG.bankIdReauthRequired] },
        },
        400,
      ),
      'GET /auth/bankid/initiate?acrValues=urn%3Agrn%3Aauthn%3Ase%3Abankid%3Aanother-device%3Aqr&role=provider':
        json({ authorizationUrl: 'https://bankid.example/authorize' }),
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const user = userEvent.setup();
    renderRoute(<ChangeEmailForm user={bankIdOnly} />, { user: bankIdOnly });
    expect(screen.queryByLabelText('Nuvarande lösenord')).not.toBeInTheDocument();
    expect(screen.getByText(/de senaste 10 minuterna/)).toBeInTheDocument();
    await user.type(newEmail(), 'ny@example.se');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(/logga in med BankID igen/);
    expect(fetchMock.find('PATCH', '/users/email')[0]!.body).toEqual({ email: 'ny@example.se' });
    await user.click(screen.getByRole('button', { name: 'Logga in med BankID igen' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://bankid.example/authorize'));
  });
});

describe('undo an e-mail change', () => {
  const undoButton = () => screen.getByRole('button', { name: 'Ångra bytet av e-postadress' });

  it('does nothing until the button is pressed, then undoes and forgets the signed-in user', async () => {
    const fetchMock = mockFetch({
      'POST /auth/undo-email-change': json({ message: MSG.emailChangeUndone }),
    });
    const user = userEvent.setup();
    const { client: queryClient } = renderRoute(<UndoEmailChangeStatus token="t1" />, {
      user: client,
    });
    expect(fetchMock.find('POST', '/auth/undo-email-change')).toHaveLength(0);
    await user.click(undoButton());
    expect(await screen.findByText(MSG.emailChangeUndone)).toBeInTheDocument();
    expect(fetchMock.find('POST', '/auth/undo-email-change')[0]!.body).toEqual({ token: 't1' });
    expect(screen.getByRole('link', { name: 'Välj nytt lösenord' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(queryClient.getQueryData(['users', 'me'])).toBeNull();
  });

  it('a refused link says so', async () => {
    mockFetch({
      'POST /auth/undo-email-change': json(
        { message: MSG.resetFailed, status: 400, code: 'TOKEN_INVALID' },
        400,
      ),
    });
    const user = userEvent.setup();
    renderRoute(<UndoEmailChangeStatus token="gammal" />, { user: null });
    await user.click(undoButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.resetFailed);
  });

  it('without a token: a message and no button', () => {
    mockFetch();
    renderRoute(<UndoEmailChangeStatus token={undefined} />, { user: null });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.undoEmailChangeNoToken);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
