import { describe, expect, it } from 'vitest';
import { accountEntries, LOGOUT_LABEL, menuEntries } from './menu';

const labels = (type: 'CLIENT' | 'PROVIDER' | 'ADMIN', step: string) =>
  menuEntries({ type, onboardingStep: step }).map((e) => `${e.label} ${e.to}`);

describe('menuEntries by step', () => {
  it('USER_CREATED: Profil only', () => {
    expect(labels('PROVIDER', 'USER_CREATED')).toEqual(['Profil /profile']);
    expect(labels('CLIENT', 'USER_CREATED')).toEqual(['Profil /profile']);
  });
  it('PROFILE_COMPLETED: Profil for providers, Frågeformulär', () => {
    expect(labels('PROVIDER', 'PROFILE_COMPLETED')).toEqual([
      'Profil /profile',
      'Frågeformulär /questions',
    ]);
    expect(labels('CLIENT', 'PROFILE_COMPLETED')).toEqual(['Frågeformulär /questions']);
  });
  it('QUESTIONS_COMPLETED and ONBOARDING_COMPLETED', () => {
    const provider = [
      'Matchningar /dashboard',
      'Profil /profile',
      'Frågeformulär /questions',
      'Tillgänglighet /availability',
    ];
    expect(labels('PROVIDER', 'QUESTIONS_COMPLETED')).toEqual(provider);
    expect(labels('PROVIDER', 'ONBOARDING_COMPLETED')).toEqual(provider);
    expect(labels('CLIENT', 'ONBOARDING_COMPLETED')).toEqual([
      'Matchningar /dashboard',
      'Frågeformulär /questions',
    ]);
  });
  it('unknown step: Matchningar only', () => {
    expect(labels('CLIENT', 'WHATEVER')).toEqual(['Matchningar /dashboard']);
    expect(labels('PROVIDER', 'WHATEVER')).toEqual(['Matchningar /dashboard']);
    expect(labels('PROVIDER', '')).toEqual(['Matchningar /dashboard']);
  });
  it('non-providers never see Profil or Tillgänglighet once their profile is complete', () => {
    for (const step of ['PROFILE_COMPLETED', 'QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED', 'X']) {
      expect(labels('CLIENT', step).filter((l) => /Profil|Tillgänglighet/.test(l))).toEqual([]);
    }
    expect(labels('CLIENT', 'QUESTIONS_COMPLETED')).toEqual([
      'Matchningar /dashboard',
      'Frågeformulär /questions',
    ]);
  });
  it('an admin gets no entries: the header offers only Logga ut', () => {
    expect(labels('ADMIN', 'ONBOARDING_COMPLETED')).toEqual([]);
    expect(labels('ADMIN', 'USER_CREATED')).toEqual([]);
  });
  it('never includes Logga ut, which is exported for the header', () => {
    expect(LOGOUT_LABEL).toBe('Logga ut');
    expect(menuEntries({ type: 'PROVIDER', onboardingStep: 'ONBOARDING_COMPLETED' })[0]).toEqual({
      label: 'Matchningar',
      to: '/dashboard',
      path: '/dashboard',
    });
  });
});

describe('accountEntries', () => {
  const entries = (type: 'CLIENT' | 'PROVIDER' | 'ADMIN', step: string) =>
    accountEntries({ type, onboardingStep: step }).map((e) => `${e.label} ${e.to}`);
  it("gives clients 'E-postadress' then 'Integritet', therapists 'Integritet', admins nothing", () => {
    for (const step of ['USER_CREATED', 'PROFILE_COMPLETED', 'ONBOARDING_COMPLETED', 'X']) {
      expect(entries('CLIENT', step)).toEqual([
        'E-postadress /account/email',
        'Integritet /integritet',
      ]);
      expect(entries('PROVIDER', step)).toEqual(['Integritet /integritet']);
      expect(entries('ADMIN', step)).toEqual([]);
    }
  });
});
