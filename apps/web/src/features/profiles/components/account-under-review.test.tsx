import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { AccountUnderReview } from './account-under-review';

describe("the holding page 'Ditt konto granskas'", () => {
  it('thanks the therapist, says 1-2 working days and that an e-mail follows', () => {
    renderRoute(<AccountUnderReview name="Johan Provsson" />, { path: '/dashboard', user: null });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ditt konto granskas' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Tack för att du har registrerat dig/)).toBeInTheDocument();
    expect(screen.getByText(/1–2 arbetsdagar/)).toHaveTextContent(
      'Du får ett e-postmeddelande så snart ditt konto är verifierat och aktivt.',
    );
    expect(screen.getByRole('link', { name: 'Redigera profil' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Tillgänglighet' })).toHaveAttribute(
      'href',
      '/availability',
    );
  });
});
