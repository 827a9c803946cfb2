import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { BackButton } from './back-button';

// docs/rules/accounts.md#go-back-on-a-page-opened-directly: on a page opened
// directly there is no earlier page of ours, and 'Gå tillbaka' stays in the product.
const CLIENT = { id: 'a1', type: 'CLIENT', name: 'Klara', onboardingStep: 'ONBOARDING_COMPLETED' };
const ADMIN = { id: 'a2', type: 'ADMIN', name: 'Adam', onboardingStep: 'ONBOARDING_COMPLETED' };

describe("'Gå tillbaka' on a page opened directly", () => {
  it.each([
    ['a signed-in client', CLIENT, '/dashboard'],
    ['an admin', ADMIN, '/admin'],
    ['a visitor', null, '/'],
  ])('takes %s to %s', async (_, user, expected) => {
    renderRoute(<BackButton />, { path: '/availability', user });
    await userEvent.click(screen.getByRole('button', { name: 'Gå tillbaka' }));
    expect(screen.getByTestId('location').textContent).toBe(expected);
  });
});
