import {
  CONSENT_MSG,
  CONSENT_PAGE,
  CONSENT_TEXTS,
  type Consent,
  type User,
} from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from '@/app/route-guard';
import { PrivacyPage } from '@/app/routes/privacy';
import { json, mockFetch } from '@/test/fetch';
import { primaryNames } from '@/test/primaries';
import { renderRoute } from '@/test/render';
import { clientUser } from '@/test/users';
import { AnswersRemovedNotice } from '../components/answers-removed-notice';

afterEach(() => {
  vi.restoreAllMocks();
});

const VERSION = CONSENT_TEXTS.QUESTIONNAIRE.version;
const consent = (overrides: Partial<Consent> = {}): Consent[] => [
  {
    kind: 'QUESTIONNAIRE',
    currentVersion: VERSION,
    version: VERSION,
    givenAt: '2026-03-10T09:00:00.000Z',
    needed: false,
    ...overrides,
  },
];
const WITHDRAWN = consent({ version: null, givenAt: null });
const NEEDED = consent({ version: null, givenAt: null, needed: true });

function serve(me: User, consents: Consent[], routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /users/me': json(me),
    'GET /users/me/consents': json(consents),
    ...routes,
  });
}

describe('withdrawing the questionnaire consent on /integritet', () => {
  it('shows when it was given, and withdraws only after the dialog', async () => {
    const me = clientUser();
    const fetchMock = serve(me, consent(), {
      'DELETE /users/me/consents/questionnaire': { status: 204 },
    });
    const user = userEvent.setup();
    renderRoute(<PrivacyPage />, { path: '/integritet', user: me });
    const section = await screen.findByRole('region', { name: CONSENT_PAGE.title });
    expect(
      await within(section).findByText(
        'Du gav ditt samtycke tisdag 10 mars 2026 kl. 10:00 (svensk tid).',
      ),
    ).toBeInTheDocument();

    // Taking the consent back deletes the answers: a red action, here and in the dialog.
    const withdraw = within(section).getByRole('button', { name: CONSENT_PAGE.withdraw });
    expect(withdraw).toHaveAttribute('data-variant', 'destructive');
    await user.click(withdraw);
    const dialog = await screen.findByRole('dialog', { name: CONSENT_PAGE.dialogTitle });
    for (const paragraph of CONSENT_PAGE.dialogText) {
      expect(within(dialog).getByText(paragraph)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: CONSENT_PAGE.dialogTitle })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: CONSENT_PAGE.confirm })).toHaveAttribute(
      'data-variant',
      'destructive',
    );
    expect(within(dialog).getByRole('button', { name: 'Avbryt' })).toHaveAttribute(
      'data-variant',
      'secondary',
    );
    expect(primaryNames(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(fetchMock.find('DELETE', '/users/me/consents/questionnaire')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: CONSENT_PAGE.withdraw }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: CONSENT_PAGE.confirm }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(fetchMock.find('DELETE', '/users/me/consents/questionnaire')).toHaveLength(1);
  });

  it('says there is nothing to withdraw when no consent is given', async () => {
    const me = clientUser();
    serve(me, WITHDRAWN);
    renderRoute(<PrivacyPage />, { path: '/integritet', user: me });
    expect(await screen.findByText(CONSENT_PAGE.notGiven)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CONSENT_PAGE.withdraw })).not.toBeInTheDocument();
  });
});

describe('the dashboard after a withdrawal', () => {
  it('says the answers were removed and offers to answer again', async () => {
    const me = clientUser({ onboardingStep: 'QUESTIONS_COMPLETED' });
    serve(me, WITHDRAWN);
    renderRoute(<AnswersRemovedNotice user={me} />, { user: me });
    expect(await screen.findByText(CONSENT_PAGE.removedTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CONSENT_PAGE.answerAgain })).toHaveAttribute(
      'href',
      '/questions',
    );
  });

  it('says nothing while the consent stands', async () => {
    const me = clientUser();
    const fetchMock = serve(me, consent());
    renderRoute(<AnswersRemovedNotice user={me} />, { user: me });
    await waitFor(() => expect(fetchMock.find('GET', '/users/me/consents')).toHaveLength(1));
    expect(screen.queryByText(CONSENT_PAGE.removedTitle)).not.toBeInTheDocument();
  });
});

describe('answers without a recorded consent: asked before anything else', () => {
  it('shows the request instead of the page, and the page once consent is given', async () => {
    const me = clientUser();
    const fetchMock = serve(me, NEEDED, {
      'POST /users/me/consents': json(consent()),
    });
    const user = userEvent.setup();
    renderRoute(
      <RouteGuard roles={['CLIENT']}>
        <p>Sidan</p>
      </RouteGuard>,
      { path: '/dashboard', user: me },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: CONSENT_PAGE.askTitle }),
    ).toHaveFocus();
    expect(screen.queryByText('Sidan')).not.toBeInTheDocument();
    // Giving consent is the one primary; removing the answers deletes them: red.
    expect(primaryNames()).toEqual([CONSENT_PAGE.askGive]);
    expect(screen.getByRole('button', { name: CONSENT_PAGE.askRemove })).toHaveAttribute(
      'data-variant',
      'destructive',
    );
    await user.click(screen.getByRole('button', { name: CONSENT_PAGE.askGive }));
    expect(await screen.findByText('Sidan')).toBeInTheDocument();
    expect(fetchMock.find('POST', '/users/me/consents')[0]!.body).toEqual({
      kind: 'QUESTIONNAIRE',
      version: VERSION,
    });
  });

  it('removes the answers instead when the client chooses so, after the dialog', async () => {
    const success = vi.spyOn(toast, 'success');
    const me = clientUser();
    let consents = NEEDED;
    const fetchMock = mockFetch({
      'GET /users/me': json(me),
      'GET /users/me/consents': () => json(consents),
      'DELETE /users/me/consents/questionnaire': () => {
        consents = WITHDRAWN;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderRoute(
      <RouteGuard roles={['CLIENT']}>
        <p>Sidan</p>
      </RouteGuard>,
      { path: '/dashboard', user: me },
    );
    const remove = await screen.findByRole('button', { name: CONSENT_PAGE.askRemove });
    await user.click(remove);
    // Nothing goes before the dialog has said what goes and what stays.
    const dialog = await screen.findByRole('dialog', { name: CONSENT_PAGE.askRemoveTitle });
    expect(fetchMock.find('DELETE', '/users/me/consents/questionnaire')).toHaveLength(0);
    expect(
      within(dialog).getByText(
        'Dina svar på frågeformuläret, också de som du har påbörjat men inte skickat in, och dina rekommenderade terapeuter tas bort direkt.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Bokningar som redan pågår påverkas inte/)).toBeInTheDocument();
    for (const paragraph of CONSENT_PAGE.askRemoveText) {
      expect(within(dialog).getByText(paragraph)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: CONSENT_PAGE.askRemoveTitle })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(fetchMock.find('DELETE', '/users/me/consents/questionnaire')).toHaveLength(0);

    await user.click(remove);
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', {
      name: CONSENT_PAGE.askRemoveConfirm,
    });
    expect(confirm).toHaveAttribute('data-variant', 'destructive');
    await user.click(confirm);
    expect(await screen.findByText('Sidan')).toBeInTheDocument();
    expect(fetchMock.find('DELETE', '/users/me/consents/questionnaire')).toHaveLength(1);
    await waitFor(() => expect(success).toHaveBeenCalledWith(CONSENT_MSG.withdrawn));
  });
});
