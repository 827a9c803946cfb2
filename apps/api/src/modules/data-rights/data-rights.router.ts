import { Router } from 'express';
import {
  dataExportFileName,
  ERASE_MSG,
  eraseAccountSchema,
  stockholmDateKey,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { signOut } from '../../lib/auth-session';
import { AppError } from '../../lib/errors';
import { sessionCookieName, sessionCookieOptions } from '../../lib/session';
import { rateLimit } from '../../middleware/rate-limit';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import { assertOwnerProof, emailChangeProof } from '../users/email-change-proof';
import { eraseOwnAccount } from './erasure.service';
import { buildDataExport } from './export.service';

/**
 * A person's own data (docs/rules/privacy.md#data-export, #erasure):
 * - `GET /users/me/export`: everything held about the caller, as a JSON file;
 * - `DELETE /users/me`: erases the caller's account with the proof an
 *   e-mail change needs (the current password, or a BankID sign-in within
 *   10 minutes); 204 and the session ends. Admins: 403.
 */
export function dataRightsRouter({
  config,
  database,
  now = () => new Date(),
}: {
  config: Config;
  database: DbHandle;
  now?: () => Date;
}): Router {
  const { db } = database;
  const router = Router();

  router.get('/users/me/export', requireAuth, async (req, res) => {
    const at = now();
    const file = await buildDataExport(db, currentUser(req), {
      now: at,
      sessionIdleMs: config.sessionIdleMs,
      sessionAbsoluteMs: config.sessionAbsoluteMs,
    });
    res
      .type('application/json')
      .attachment(dataExportFileName(stockholmDateKey(at)))
      .send(JSON.stringify(file, null, 2));
  });

  router.delete(
    '/users/me',
    requireAuth,
    (req, _res, next) => {
      // Before the proof: an admin is refused whatever they send.
      if (currentUser(req).type === 'ADMIN') {
        throw new AppError('FORBIDDEN', { message: ERASE_MSG.adminForbidden });
      }
      next();
    },
    // The same budget as an e-mail change: both take the current password.
    rateLimit(db, {
      action: 'changeEmail',
      rules: config.rateLimits.changeEmail,
      account: (req) => req.user?.id,
    }),
    async (req, res) => {
      const { currentPassword } = parse(eraseAccountSchema, req.body ?? {});
      const user = currentUser(req);
      await assertOwnerProof(user, emailChangeProof(req, currentPassword), {
        messages: ERASE_MSG,
      });
      await eraseOwnAccount({ db, config, now }, user, req.id as string | undefined);
      await signOut(req);
      res.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
      res.status(204).end();
    },
  );

  return router;
}
