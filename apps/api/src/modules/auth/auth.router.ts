import { Router, type Request } from 'express';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordCheckSchema,
  resetPasswordSchema,
  undoEmailChangeSchema,
  type ResetPasswordCheckResponse,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config, RateLimitAction } from '../../config';
import { signOut } from '../../lib/auth-session';
import { csrf } from '../../lib/csrf';
import { NEUTRAL_ANSWER_MS, withMinimumDuration } from '../../lib/neutral-timing';
import { AppError } from '../../lib/errors';
import { sessionCookieName, sessionCookieOptions } from '../../lib/session';
import {
  clearLoginFailures,
  loginRateLimit,
  recordLoginFailure,
} from '../../middleware/login-rate-limit';
import { bodyEmail, bodyField, rateLimit } from '../../middleware/rate-limit';
import { parse } from '../../middleware/validate';
import { findUserByEmail, normalizeEmail } from '../users/users.repository';
import { imageUrlSigner } from '../storage/signed-url';
import { toUserDto } from '../users/users.service';
import {
  checkResetToken,
  forgotPassword,
  login,
  register,
  resendVerification,
  resetPassword,
  undoEmailChange,
  verifyEmail,
} from './auth.service';
import { AUTH_MSG } from './messages';

/**
 * The password accounts API: register, login, logout, e-mail
 * verification and resend, forgot and reset password. Every mutating call
 * has passed the CSRF check (app.ts); every call here is rate limited per
 * IP and per account.
 */
export function authRouter({ config, database }: { config: Config; database: DbHandle }): Router {
  const { db } = database;
  const deps = { db, config };
  const limit = (action: RateLimitAction, account?: (req: Request) => string | undefined) =>
    rateLimit(db, { action, rules: config.rateLimits[action], ...(account ? { account } : {}) });
  const router = Router();

  router.post('/auth/register', limit('register', bodyEmail), async (req, res) => {
    const input = parse(registerSchema, req.body);
    await register(deps, input);
    // The same answer for a new and a taken address (the mail differs).
    res.status(201).json({ message: AUTH_MSG.registered });
  });

  // Per address, per account and address, and a slow-down for the account
  // as a whole: never a lock that anyone could put on someone else's account.
  router.post('/auth/login', loginRateLimit(db, config.rateLimits.login), async (req, res) => {
    const input = parse(loginSchema, req.body);
    const email = normalizeEmail(input.email);
    let user;
    try {
      user = await login(deps, req, input);
    } catch (err) {
      if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') {
        await recordLoginFailure(db, req, res, email, config.rateLimits.login);
      }
      throw err;
    }
    await clearLoginFailures(db, req, email);
    // A new session means a new CSRF token; hand it over with the user.
    res.json({
      user: await toUserDto(db, user, imageUrlSigner(config)),
      csrfToken: csrf.generateToken(req),
    });
  });

  router.post('/auth/logout', async (req, res) => {
    await signOut(req);
    res.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
    res.json({ message: AUTH_MSG.loggedOut });
  });

  router.get(
    '/auth/verify-email/:token',
    limit('verifyEmail', (req) => String(req.params.token)),
    async (req, res) => {
      await verifyEmail(deps, String(req.params.token));
      res.json({ message: AUTH_MSG.emailVerified });
    },
  );

  // The link mailed to the old address after an e-mail change (docs/rules/accounts.md#e-mail-change);
  // counted with the verification links (RATE_LIMIT_VERIFY_EMAIL).
  router.post(
    '/auth/undo-email-change',
    limit('verifyEmail', bodyField('token')),
    async (req, res) => {
      const { token } = parse(undoEmailChangeSchema, req.body);
      await undoEmailChange(deps, token);
      res.json({ message: AUTH_MSG.emailChangeUndone });
    },
  );

  router.post('/auth/forgot-password', limit('forgotPassword', bodyEmail), async (req, res) => {
    const input = parse(forgotPasswordSchema, req.body);
    // Known and unknown addresses take the same time (no enumeration by timing).
    await withMinimumDuration(NEUTRAL_ANSWER_MS, () => forgotPassword(deps, input));
    res.json({ message: AUTH_MSG.forgotPasswordNeutral });
  });

  // Read only: the reset page asks before it shows the form. Counted with the
  // resets themselves (per address and per token): a check is a guess too.
  router.post(
    '/auth/reset-password/check',
    limit('resetPassword', bodyField('token')),
    async (req, res) => {
      const { token } = parse(resetPasswordCheckSchema, req.body);
      await checkResetToken(deps, token);
      res.json({ valid: true } satisfies ResetPasswordCheckResponse);
    },
  );

  router.post(
    '/auth/reset-password',
    limit('resetPassword', bodyField('token')),
    async (req, res) => {
      const input = parse(resetPasswordSchema, req.body);
      await resetPassword(deps, input);
      res.json({ message: AUTH_MSG.passwordReset });
    },
  );

  // Signed in: resends for the current user. Otherwise: for the e-mail in the body, neutrally.
  router.post(
    '/auth/resend-verification',
    limit('resendVerification', (req) => req.user?.id ?? bodyEmail(req)),
    async (req, res) => {
      if (req.user && bodyEmail(req) === undefined) {
        await resendVerification(deps, req.user);
      } else {
        const { email } = parse(resendVerificationSchema, req.body);
        await withMinimumDuration(NEUTRAL_ANSWER_MS, async () =>
          resendVerification(deps, await findUserByEmail(db, email)),
        );
      }
      res.json({ message: AUTH_MSG.resendNeutral });
    },
  );

  return router;
}
