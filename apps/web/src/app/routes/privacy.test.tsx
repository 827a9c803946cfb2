import {
  DISCREET_MAIL_DIALOG,
  errorCatalog,
  PRIVACY_PAGE,
  type User,
} from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { clientUser, providerUser } from '@/test/users';
import { PrivacyPage } from './privacy';

afterEach(() => {
  vi.restoreAllMocks();
});

const client = clientUser();

/** The server's answers for a signed-in client, plus `routes`. */
function serve(routes: Parameters<typeof mockFetch>[0] = {}, me: User = client) {
  return mockFetch({ 'GET /users/me': json(me), ...routes });
}

const theSwitch = () => screen.getByRole('switch', { name: 'Diskreta utskick' });

describe('/integritet: discreet mails', () => {
  it('has the page heading and a section named by its heading', () => {
    serve();
    renderRoute(<PrivacyPage />, { path: '/integritet', user: client });
    expect(screen.getByRole('heading', { level: 1, name: 'Integritet' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Diskreta utskick' })).toBeInTheDocument();
    expect(theSwitch()).toBeChecked();
    expect(screen.getByText(PRIVACY_PAGE.discreetMail.on)).toBeInTheDocument();
  });

  it('asks before turning them off; closing the dialog changes nothing', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderRoute(<PrivacyPage />, { path: '/integritet', user: client });
    await user.click(theSwitch());
    const dialog = await screen.findByRole('dialog', { name: DISCREET_MAIL_DIALOG.title });
    for (const paragraph of DISCREET_MAIL_DIALOG.text) {
      expect(within(dialog).getByText(paragraph)).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(theSwitch()).toBeChecked();
    expect(theSwitch()).toHaveFocus();
    expect(fetchMock.find('PATCH', '/users/me/preferences')).toHaveLength(0);
  });

  it('turns them off with the dialog version read, and on again without a dialog', async () => {
    const fetchMock = serve({
      'PATCH /users/me/preferences': (call) =>
        json({ discreetMail: (call.body as { discreetMail: boolean }).discreetMail }),
    });
    const user = userEvent.setup();
    renderRoute(<PrivacyPage />, { path: '/integritet', user: client });
    await user.click(theSwitch());
    const dialog = await screen.findByRole('dialog', { name: DISCREET_MAIL_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: DISCREET_MAIL_DIALOG.confirm }));
    await waitFor(() => expect(theSwitch()).not.toBeChecked());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(PRIVACY_PAGE.discreetMail.off)).toBeInTheDocument();
    expect(fetchMock.find('PATCH', '/users/me/preferences')[0]!.body).toEqual({
      discreetMail: false,
      dialogVersion: DISCREET_MAIL_DIALOG.version,
    });

    await user.click(theSwitch());
    await waitFor(() => expect(theSwitch()).toBeChecked());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.find('PATCH', '/users/me/preferences')[1]!.body).toEqual({
      discreetMail: true,
    });
  });

  it('keeps the dialog open and the switch on when the server refuses', async () => {
    serve({
      'PATCH /users/me/preferences': json(
        { message: errorCatalog.DIALOG_TEXT_OUTDATED.message, status: 409 },
        409,
      ),
    });
    const user = userEvent.setup();
    renderRoute(<PrivacyPage />, { path: '/integritet', user: client });
    await user.click(theSwitch());
    const dialog = await screen.findByRole('dialog', { name: DISCREET_MAIL_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: DISCREET_MAIL_DIALOG.confirm }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: DISCREET_MAIL_DIALOG.confirm }),
      ).toBeEnabled(),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Behind the open dialog the page is hidden from assistive technology.
    expect(screen.getByRole('switch', { name: 'Diskreta utskick', hidden: true })).toBeChecked();
  });

  it('shows a therapist why there is no switch', () => {
    serve({}, providerUser());
    renderRoute(<PrivacyPage />, { path: '/integritet', user: providerUser() });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByText(PRIVACY_PAGE.discreetMail.providerIntro)).toBeInTheDocument();
  });
});
