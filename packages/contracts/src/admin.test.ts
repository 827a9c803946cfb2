import { describe, expect, it } from 'vitest';
import { ADMIN_QUEUE_GROUPS, AUDIT_ACTION_LABELS, AuditAction, adminQueueGroup } from './admin';

describe('adminQueueGroup', () => {
  it('puts awaiting review first, then a licence check due, then other unverified, then verified', () => {
    expect(
      adminQueueGroup({
        isVerified: false,
        onboardingStep: 'ONBOARDING_COMPLETED',
        licenceCheckExpired: true,
      }),
    ).toBe('AWAITING_REVIEW');
    expect(adminQueueGroup({ isVerified: true, licenceCheckExpired: true })).toBe(
      'LICENCE_CHECK_DUE',
    );
    expect(
      adminQueueGroup({
        isVerified: false,
        onboardingStep: 'QUESTIONS_COMPLETED',
        licenceCheckExpired: true,
      }),
    ).toBe('LICENCE_CHECK_DUE');
    expect(adminQueueGroup({ isVerified: false, onboardingStep: 'PROFILE_COMPLETED' })).toBe(
      'UNFINISHED',
    );
    expect(adminQueueGroup({ isVerified: true, licenceCheckExpired: false })).toBe('VERIFIED');
    expect(ADMIN_QUEUE_GROUPS).toEqual([
      'AWAITING_REVIEW',
      'LICENCE_CHECK_DUE',
      'UNFINISHED',
      'VERIFIED',
    ]);
  });

  it('ranks a missing onboarding step as not finished', () => {
    expect(adminQueueGroup({ isVerified: false })).toBe('UNFINISHED');
  });
});

describe('audit actions', () => {
  it('has a Swedish label for every audit action', () => {
    for (const action of AuditAction) expect(AUDIT_ACTION_LABELS[action]).toMatch(/\S/);
  });
});
