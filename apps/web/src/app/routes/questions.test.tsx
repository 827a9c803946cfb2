import { CONSENT_TEXTS } from '@samtalsmatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { matchesKey } from '@/features/matching/api/get-matches';
import { renderRoute, testQueryClient } from '@/test/render';
import { QuestionsPage } from './questions';

afterEach(() => vi.restoreAllMocks());

const QUESTION = {
  id: '00000000-0000-4000-8000-000000000001',
  order: 1,
  key: 'age',
  type: 'SINGLE_CHOICE',
  clientText: 'Vilken åldersgrupp tillhör du?',
  providerText: 'Vilka åldersgrupper arbetar du med?',
  clientDescription: null,
  providerDescription: null,
  description: null,
  hasImportanceScale: false,
  options: [{ value: '25-34', label: '25–34 år', userType: 'BOTH' }],
};

function person(type: 'CLIENT' | 'PROVIDER') {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    type,
    name: 'Test',
    email: 't@example.se',
    emailVerified: true,
    phoneNumber: null,
    onboardingStep: 'PROFILE_COMPLETED',
    address: null,
    profile: null,
  };
}

function consents(version: number | null) {
  return [
    {
      kind: 'QUESTIONNAIRE',
      currentVersion: CONSENT_TEXTS.QUESTIONNAIRE.version,
      version,
      givenAt: version === null ? null : new Date().toISOString(),
      needed: false,
    },
  ];
}

const NO_DRAFT = { answers: [], updatedAt: null };

async function answerAndSave(type: 'CLIENT' | 'PROVIDER', client = testQueryClient()) {
  const fetchMock = mockFetch({
    'GET /users/me': json(person(type)),
    'GET /users/me/consents': json(consents(null)),
    'GET /questions': json([QUESTION]),
    'GET /answers': json([]),
    'GET /answers/draft': json(NO_DRAFT),
    'POST /answers': json([]),
    'POST /users/me/consents': json([
      {
        kind: 'QUESTIONNAIRE',
        currentVersion: 1,
        version: 1,
        givenAt: new Date().toISOString(),
        needed: false,
      },
    ]),
  });
  const user = userEvent.setup();
  renderRoute(<QuestionsPage />, { path: '/questions', user: person(type), client });
  await user.click(await screen.findByRole('checkbox', { name: /Jag samtycker/ }));
  await user.click(screen.getByRole('button', { name: 'Nästa' }));
  await user.click(
    await screen.findByRole(type === 'CLIENT' ? 'radio' : 'checkbox', { name: '25–34 år' }),
  );
  await user.click(screen.getByRole('button', { name: 'Spara svar' }));
  return fetchMock;
}

describe('/questions after a save', () => {
  it('a client: the user is refetched, the matches are read afresh (not computed again), then /dashboard', async () => {
    const client = testQueryClient();
    client.setQueryData(matchesKey, []);
    const fetchMock = await answerAndSave('CLIENT', client);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(fetchMock.find('POST', '/answers')).toHaveLength(1);
    // Saving the answers computed the recommendations; the list held before is stale.
    expect(fetchMock.find('GET', '/matches/potential')).toHaveLength(0);
    expect(client.getQueryState(matchesKey)?.isInvalidated).toBe(true);
    // The consent step recorded the consent first, with the version of the text shown (docs/rules/privacy.md#questionnaire-consent).
    expect(fetchMock.find('POST', '/users/me/consents')[0]!.body).toEqual({
      kind: 'QUESTIONNAIRE',
      version: CONSENT_TEXTS.QUESTIONNAIRE.version,
    });
    const posted = fetchMock.calls.findIndex((c) => c.method === 'POST' && c.path === '/answers');
    expect(fetchMock.calls.slice(posted).some((c) => c.path === '/users/me')).toBe(true);
  });

  it('a provider: the user is refetched, no potential matches, then /availability', async () => {
    const fetchMock = await answerAndSave('PROVIDER');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/availability'));
    expect(fetchMock.find('GET', '/matches/potential')).toHaveLength(0);
    // Therapists' answers need no consent.
    expect(fetchMock.find('POST', '/users/me/consents')).toHaveLength(0);
    const posted = fetchMock.calls.findIndex((c) => c.method === 'POST');
    expect(fetchMock.calls.slice(posted).some((c) => c.path === '/users/me')).toBe(true);
  });

  it('shows a client the crisis numbers beside the questions; a therapist does not get them', async () => {
    for (const type of ['CLIENT', 'PROVIDER'] as const) {
      mockFetch({
        'GET /users/me': json(person(type)),
        'GET /users/me/consents': json(consents(null)),
        'GET /questions': json([QUESTION]),
        'GET /answers': json([]),
        'GET /answers/draft': json(NO_DRAFT),
      });
      const { unmount } = renderRoute(<QuestionsPage />, {
        path: '/questions',
        user: person(type),
      });
      await screen.findByRole('checkbox', { name: /Jag samtycker/ });
      const help = screen.queryByRole('complementary', { name: 'Behöver du hjälp nu?' });
      if (type === 'CLIENT') {
        expect(help).toHaveTextContent('ring 112');
        expect(help).toHaveTextContent('1177 Vårdguiden');
        expect(help).toHaveTextContent('Självmordslinjen 90101');
      } else {
        expect(help).not.toBeInTheDocument();
      }
      unmount();
    }
  });

  it('a client whose consent is recorded skips the consent step; ?fraga= opens that question', async () => {
    const LANGUAGE = {
      ...QUESTION,
      id: '00000000-0000-4000-8000-000000000002',
      order: 2,
      key: 'language',
      type: 'MULTISELECT',
      clientText: 'På vilket språk vill du ha dina samtal?',
      options: [{ value: 'so', label: 'Somaliska', userType: 'BOTH' }],
    };
    const saved = [
      { questionId: QUESTION.id, value: ['25-34'], importance: null },
      { questionId: LANGUAGE.id, value: ['so'], importance: null },
    ];
    for (const path of ['/questions', '/questions?fraga=language']) {
      const fetchMock = mockFetch({
        'GET /users/me': json(person('CLIENT')),
        'GET /users/me/consents': json(consents(CONSENT_TEXTS.QUESTIONNAIRE.version)),
        'GET /questions': json([QUESTION, LANGUAGE]),
        'GET /answers': json(saved),
        'GET /answers/draft': json(NO_DRAFT),
      });
      const { unmount } = renderRoute(<QuestionsPage />, {
        path,
        pattern: '/questions',
        user: person('CLIENT'),
      });
      const name = path.includes('fraga')
        ? 'På vilket språk vill du ha dina samtal?'
        : 'Vilken åldersgrupp tillhör du?';
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: /Jag samtycker/ })).not.toBeInTheDocument();
      expect(fetchMock.find('POST', '/users/me/consents')).toHaveLength(0);
      unmount();
    }
  });
});
