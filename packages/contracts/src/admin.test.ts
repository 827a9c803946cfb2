import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AuditAction, adminQueueRank } from './admin';

describe('adminQueueRank', () => {
  it('ranks unverified therapists who finished onboarding first, then other unverified, then verified', () => {
    expect(adminQueueRank({ isVerified: false, onboardingStep: 'ONBOARDING_COMPLETED' })).toBe(0);
    expect(adminQueueRank({ isVerified: false, onboardingStep: 'USER_CREATED' })).toBe(1);
    expect(adminQueueRank({ isVerified: false, onboardingStep: 'QUESTIONS_COMPLETED' })).toBe(1);
    expect(adminQueueRank({ isVerified: true, onboardingStep: 'ONBOARDING_COMPLETED' })).toBe(2);
  });

  it('ranks a missing onboarding step as not finished', () => {
    expect(adminQueueRank({ isVerified: false })).toBe(1);
    expect(adminQueueRank({ isVerified: true })).toBe(2);
  });

  it('has a Swedish label for every audit action', () => {
    for (const action of AuditAction) expect(AUDIT_ACTION_LABELS[action]).toMatch(/\S/);
  });
});
