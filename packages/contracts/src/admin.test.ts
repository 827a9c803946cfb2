import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AuditAction, adminQueueRank, compareAdminProviders } from './admin';

describe('compareAdminProviders', () => {
  it('puts unverified therapists who finished onboarding first, then other unverified, then verified, each by name', () => {
    const list = [
      { name: 'Erik', isVerified: true, onboardingStep: 'ONBOARDING_COMPLETED' as const },
      { name: 'Ada', isVerified: false, onboardingStep: 'USER_CREATED' as const },
      { name: 'Östen', isVerified: false, onboardingStep: 'ONBOARDING_COMPLETED' as const },
      { name: 'Bo', isVerified: false, onboardingStep: 'ONBOARDING_COMPLETED' as const },
      { name: 'Anna', isVerified: true, onboardingStep: 'ONBOARDING_COMPLETED' as const },
      { name: 'Cilla', isVerified: false, onboardingStep: 'QUESTIONS_COMPLETED' as const },
    ];
    expect([...list].sort(compareAdminProviders).map((p) => p.name)).toEqual([
      'Bo',
      'Östen',
      'Ada',
      'Cilla',
      'Anna',
      'Erik',
    ]);
  });

  it('ranks a missing onboarding step as not finished', () => {
    expect(adminQueueRank({ isVerified: false })).toBe(1);
    expect(adminQueueRank({ isVerified: true })).toBe(2);
  });

  it('has a Swedish label for every audit action', () => {
    for (const action of AuditAction) expect(AUDIT_ACTION_LABELS[action]).toMatch(/\S/);
  });
});
