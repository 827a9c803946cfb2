import { Router } from 'express';
import { changeEmailSchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { NEUTRAL_ANSWER_MS, withMinimumDuration } from '../../lib/neutral-timing';
import { rateLimit } from '../../middleware/rate-limit';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import { USERS_MSG } from './messages';
import { imageUrlSigner } from '../storage/signed-url';
import { assertEmailChangeAllowed, emailChangeProof } from './email-change-proof';
import { requestEmailChange, toUserDto } from './users.service';

/**
 * `GET /users/me` (401 when not signed in) and `PATCH /users/email` (the
 * current password or a fresh BankID sign-in; docs/rules/accounts.md#e-mail-change).
 */
export function usersRouter({ config, database }: { config: Config; database: DbHandle }): Router {
  const { db } = database;
  const router = Router();

  router.get('/users/me', requireAuth, async (req, res) => {
    res.json(await toUserDto(db, currentUser(req), imageUrlSigner(config)));
  });

  router.patch(
    '/users/email',
    requireAuth,
    rateLimit(db, {
      action: 'changeEmail',
      rules: config.rateLimits.changeEmail,
      account: (req) => req.user?.id,
    }),
    async (req, res) => {
      const { email, currentPassword } = parse(changeEmailSchema, req.body);
      const user = currentUser(req);
      // The session alone is not enough: the password or a fresh BankID sign-in
      // (every attempt, wrong ones too, counts against the limit above).
      await assertEmailChangeAllowed(user, emailChangeProof(req, currentPassword));
      // A taken and a free address take the same time (no enumeration by timing).
      await withMinimumDuration(NEUTRAL_ANSWER_MS, () =>
        requestEmailChange({ db, config }, user, email),
      );
      res.status(202).json({ message: USERS_MSG.emailChangeRequested });
    },
  );

  return router;
}
