import { Router } from 'express';
import {
  DISCREET_MAIL_DIALOG,
  PRIVACY_MSG,
  updatePreferencesSchema,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import { AppError } from '../../lib/errors';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import { saveDiscreetMail } from './preferences.repository';

/**
 * A user's own privacy settings (issue 20): `PATCH /users/me/preferences`
 * (discreet mails; decision 340).
 */
export function privacyRouter({ database }: { database: DbHandle }): Router {
  const { db } = database;
  const router = Router();

  router.patch('/users/me/preferences', requireAuth, async (req, res) => {
    const user = currentUser(req);
    // Mails to therapists never name the client whatever they choose; an
    // admin gets no booking mails. The switch is the client's.
    if (user.type !== 'CLIENT') {
      throw new AppError('FORBIDDEN', { message: PRIVACY_MSG.discreetMailClientsOnly });
    }
    const input = parse(updatePreferencesSchema, req.body);
    if (!input.discreetMail) {
      if (input.dialogVersion === undefined) {
        throw new AppError('VALIDATION', {
          message: PRIVACY_MSG.dialogVersionRequired,
          fieldErrors: { dialogVersion: [PRIVACY_MSG.dialogVersionRequired] },
        });
      }
      if (input.dialogVersion !== DISCREET_MAIL_DIALOG.version) {
        throw new AppError('DIALOG_TEXT_OUTDATED');
      }
    }
    res.json(await saveDiscreetMail(db, user.id, input.discreetMail, input.dialogVersion ?? null));
  });

  return router;
}
