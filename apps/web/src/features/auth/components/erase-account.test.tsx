import { DATA_RIGHTS_PAGE, ERASE_MSG, errorCatalog } from '@samtalsmatch/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { withToasterEnvironment } from '@/test/toaster';
import { providerUser } from '@/test/users';
import { useEraseAccount } from '../api/erase-account';
import { EraseAccount } from './erase-account';

withToasterEnvironment();
afterEach(() => {
  vi.restoreAllMocks();
});

const TEXT = DATA_RIGHTS_PAGE.erase;
const client = providerUser({
  type: 'CLIENT',
  name: 'Klara Klient',
  profile: null,
  hasPassword: true,
  onboardingStep: 'QUESTIONS_COMPLETED',
});
const therapist = providerUser({ hasPassword: false });

function show(user = client) {
  // The toaster outlives the page: the erasure's toast shows on /.
  render(<Toaster />);
  return renderRoute(<EraseAccount user={user} />, { path: '/integritet', user });
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: TEXT.button }));
  const dialog = await screen.findByRole('dialog', { name: TEXT.dialogTitle });
  return { user, dialog };
}

describe('Radera mitt konto', () => {
  it("says exactly what happens to a client's data, and closing changes nothing", async () => {
    const fetchMock = mockFetch();
    show();
    const { user, dialog } = await openDialog();
    for (const line of TEXT.what.CLIENT) expect(within(dialog).getByText(line)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(TEXT.passwordLabel)).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: TEXT.button })).toHaveFocus();
    expect(fetchMock.find('DELETE', '/users/me')).toHaveLength(0);
  });

  it('asks for the password before sending anything', async () => {
    const fetchMock = mockFetch();
    show();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: TEXT.confirm }));
    expect(await within(dialog).findByText(ERASE_MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(fetchMock.find('DELETE', '/users/me')).toHaveLength(0);
  });

  it('shows a wrong password on the field and keeps the dialog open', async () => {
    mockFetch({
      'DELETE /users/me': json(
        {
          message: errorCatalog.CURRENT_PASSWORD_INVALID.message,
          status: 400,
          code: 'CURRENT_PASSWORD_INVALID',
          fieldErrors: { currentPassword: [errorCatalog.CURRENT_PASSWORD_INVALID.message] },
        },
        400,
      ),
    });
    show();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(TEXT.passwordLabel), 'Fel-lösen-1');
    await user.click(within(dialog).getByRole('button', { name: TEXT.confirm }));
    const field = within(dialog).getByLabelText(TEXT.passwordLabel);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('erases with the password, then lands on / with a toast', async () => {
    const fetchMock = mockFetch({ 'DELETE /users/me': { status: 204 } });
    show();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(TEXT.passwordLabel), 'Ljus-Fjäril-47');
    await user.click(within(dialog).getByRole('button', { name: TEXT.confirm }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText(ERASE_MSG.erased)).toBeInTheDocument();
    expect(fetchMock.find('DELETE', '/users/me')[0]!.body).toEqual({
      currentPassword: 'Ljus-Fjäril-47',
    });
  });

  it('says the account is erased even when the caller is gone by the time the answer comes', async () => {
    mockFetch({ 'DELETE /users/me': { status: 204 } });
    // A caller with no callbacks of its own, unmounted on the way to /.
    function EraseAndLeave() {
      const erase = useEraseAccount();
      return (
        <button type="button" onClick={() => erase.mutate({ currentPassword: 'Ljus-Fjäril-47' })}>
          Radera
        </button>
      );
    }
    render(<Toaster />);
    renderRoute(<EraseAndLeave />, { path: '/integritet', user: client });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Radera' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('button', { name: 'Radera' })).not.toBeInTheDocument();
    expect(await screen.findByText(ERASE_MSG.erased)).toBeInTheDocument();
  });

  it('tells a therapist what happens to their data and offers BankID again when the sign-in is too old', async () => {
    const fetchMock = mockFetch({
      'DELETE /users/me': json(
        {
          message: ERASE_MSG.bankIdReauthRequired,
          status: 400,
          code: 'REAUTHENTICATION_REQUIRED',
        },
        400,
      ),
    });
    show(therapist);
    const { user, dialog } = await openDialog();
    for (const line of TEXT.what.PROVIDER) {
      expect(within(dialog).getByText(line)).toBeInTheDocument();
    }
    expect(within(dialog).queryByLabelText(TEXT.passwordLabel)).not.toBeInTheDocument();
    expect(within(dialog).getByText(TEXT.bankIdIntro)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: TEXT.confirm }));
    expect(await within(dialog).findByText(TEXT.bankIdReturn)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: TEXT.bankIdAgain })).toBeInTheDocument();
    expect(fetchMock.find('DELETE', '/users/me')[0]!.body).toEqual({});
  });
});
