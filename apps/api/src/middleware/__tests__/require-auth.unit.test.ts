import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../lib/auth-session';
import { AppError } from '../../lib/errors';
import { currentUser, requireAuth, requireRole } from '../require-auth';

const user = (type: UserRow['type']) => ({ id: 'u1', type }) as UserRow;
const req = (u?: UserRow) => ({ user: u }) as unknown as Request;
const res = {} as Response;

function run(handler: ReturnType<typeof requireRole>, r: Request): unknown {
  let passed = false;
  try {
    void handler(r, res, () => {
      passed = true;
    });
  } catch (err) {
    return err;
  }
  return passed ? 'next' : 'stopped';
}

describe('requireAuth / requireRole', () => {
  it('401 without a user', () => {
    expect(run(requireAuth, req())).toMatchObject({ status: 401 });
    expect(run(requireRole('ADMIN'), req())).toMatchObject({ status: 401 });
    expect(() => currentUser(req())).toThrow(AppError);
  });

  it('403 for a type not allowed, next() for one that is', () => {
    expect(run(requireRole('ADMIN'), req(user('CLIENT')))).toMatchObject({ status: 403 });
    expect(run(requireRole('CLIENT', 'PROVIDER'), req(user('PROVIDER')))).toBe('next');
    expect(run(requireAuth, req(user('CLIENT')))).toBe('next');
    expect(currentUser(req(user('ADMIN'))).type).toBe('ADMIN');
  });
});
