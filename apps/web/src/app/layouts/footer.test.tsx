import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { Footer, isTaskRoute } from './footer';

afterEach(() => vi.restoreAllMocks());

describe('the slim footer inside a task', () => {
  it.each([
    '/questions',
    '/provider/7f3c0a52-1d2e-4c55-9d62-7d8b6f3f1a10/booking',
    '/availability',
    '/samtal/7f3c0a52-1d2e-4c55-9d62-7d8b6f3f1a10',
    '/samtal/test',
  ])('%s is a task', (path) => {
    expect(isTaskRoute(path)).toBe(true);
  });

  it.each(['/', '/auth', '/dashboard', '/provider/7f3c0a52', '/integritet', '/profile', '/admin'])(
    '%s keeps the full footer',
    (path) => {
      expect(isTaskRoute(path)).toBe(false);
    },
  );

  it('shows the policy links, the cookie settings and the organisation line, and nothing else', async () => {
    mockFetch();
    renderRoute(<Footer slim />, { user: null });
    expect(screen.getByRole('link', { name: 'Integritetspolicy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Användarvillkor & Cookies' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ändra cookie inställningar' })).toBeInTheDocument();
    expect(
      await screen.findByText('© 2025 Samtalsmatch AB · Org.nr 559000-0000'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Kontakt')).not.toBeInTheDocument();
    expect(screen.queryByText('Vi svarar inom 24 timmar')).not.toBeInTheDocument();
    expect(
      screen.queryByText('Samtalsmatch matchar privatpersoner med terapeuter.'),
    ).not.toBeInTheDocument();
  });
});
