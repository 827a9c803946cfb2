import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '@/app/layouts/footer';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute, testQueryClient } from '@/test/render';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { usePublicConfig } from '@/lib/public-config';
import { CONSENT_STORAGE_KEY, resetConsent } from '../lib/consent';
import { AnalyticsLoader } from './analytics-loader';
import { CookieConsentBanner } from './cookie-consent-banner';

afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById('samtalsmatch-analytics')?.remove();
});

describe('cookie consent', () => {
  it.each([
    ['Acceptera', 'accepted'],
    ['Avböj', 'declined'],
  ])('"%s" stores %s and reloads', async (button, value) => {
    const reload = vi.fn();
    const user = userEvent.setup();
    render(<CookieConsentBanner reload={reload} />);
    expect(screen.getByRole('region', { name: 'Vi värnar om din integritet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: button }));
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe(value);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('gives declining the same look as accepting', () => {
    render(<CookieConsentBanner reload={vi.fn()} />);
    const accept = screen.getByRole('button', { name: 'Acceptera' });
    const decline = screen.getByRole('button', { name: 'Avböj' });
    expect(accept.className).toBe(decline.className);
    expect(accept).toHaveAttribute('data-variant', 'secondary');
  });

  it('is not shown once a choice is stored', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'declined');
    render(<CookieConsentBanner reload={vi.fn()} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('"Ändra cookie inställningar" in the footer clears the choice and reloads', async () => {
    mockFetch();
    localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    const reload = vi.fn();
    const user = userEvent.setup();
    renderRoute(<Footer onResetConsent={() => resetConsent(reload)} />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Ändra cookie inställningar' }));
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  const withScript = () =>
    mockFetch({
      'GET /public-config': json({
        companyName: 'Samtalsmatch AB',
        companyOrgNumber: '559000-0000',
        contactEmail: 'hej@samtalsmatch.se',
        analyticsScriptUrl: 'https://analys.example/script.js',
      }),
    });

  /** Shows when the configuration has reached the page: the loader got it in the same render. */
  function ConfigReached() {
    const { data } = usePublicConfig();
    return data ? <p>Inställningarna har lästs</p> : null;
  }

  function renderLoader(path = '/') {
    return render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <ConfigReached />
          <AnalyticsLoader />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it.each(['/reset-password', '/reset-password/abc', '/verify-email', '/verify-email/abc'])(
    'never loads the analytics script on the token page %s, even after acceptance',
    async (path) => {
      const fetchMock = withScript();
      localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
      renderLoader(path);
      await screen.findByText('Inställningarna har lästs');
      expect(fetchMock.find('GET', '/public-config')).toHaveLength(1);
      expect(document.getElementById('samtalsmatch-analytics')).toBeNull();
    },
  );

  it('loads the analytics script only after acceptance', async () => {
    const fetchMock = withScript();
    localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    renderLoader();
    await waitFor(() =>
      expect(document.getElementById('samtalsmatch-analytics')).toHaveAttribute(
        'src',
        'https://analys.example/script.js',
      ),
    );
    expect(fetchMock.find('GET', '/public-config')).toHaveLength(1);
  });

  it.each([null, 'declined'])('loads nothing when the choice is %s', async (value) => {
    const fetchMock = withScript();
    if (value) localStorage.setItem(CONSENT_STORAGE_KEY, value);
    renderLoader();
    await screen.findByText('Inställningarna har lästs');
    expect(fetchMock.find('GET', '/public-config')).toHaveLength(1);
    expect(document.getElementById('samtalsmatch-analytics')).toBeNull();
  });
});

describe('footer', () => {
  it('links both PDFs and shows company, org number, contact, the promise and © 2025', async () => {
    mockFetch();
    renderRoute(<Footer />, { user: null });
    expect(screen.getByRole('link', { name: 'Integritetspolicy' })).toHaveAttribute(
      'href',
      '/integritetspolicy.pdf',
    );
    expect(screen.getByRole('link', { name: 'Användarvillkor & Cookies' })).toHaveAttribute(
      'href',
      '/anvandarvillkor-och-cookies.pdf',
    );
    expect(await screen.findByText('Org.nr 559000-0000')).toBeInTheDocument();
    expect(screen.getAllByText(/Samtalsmatch AB/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'hej@samtalsmatch.se' })).toHaveAttribute(
      'href',
      'mailto:hej@samtalsmatch.se',
    );
    expect(screen.getByText('Vi svarar inom 24 timmar')).toBeInTheDocument();
    expect(screen.getByText(/© 2025/)).toBeInTheDocument();
    expect(
      screen.getByText('Samtalsmatch matchar privatpersoner med terapeuter.'),
    ).toBeInTheDocument();
  });
});
