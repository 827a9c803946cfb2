import { Router } from 'express';
import {
  accessLogQuerySchema,
  CONSENT_MSG,
  CONSENT_TEXTS,
  giveConsentSchema,
  DISCREET_MAIL_DIALOG,
  PRIVACY_MSG,
  updatePreferencesSchema,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import { AppError } from '../../lib/errors';
import { currentUser, requireAuth, requireRole } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import { listAccessLog } from './access-log.repository';
import { giveConsent, listConsents, withdrawQuestionnaireConsent } from './consents.repository';
import { saveDiscreetMail } from './preferences.repository';

/**
 * A user's own privacy settings (docs/rules/privacy.md): `PATCH /users/me/preferences`
 * (discreet mails; decision 340) and the consents (`GET` and `POST
 * /users/me/consents`, `DELETE /users/me/consents/questionnaire`; decision 342)
 * and who has read the caller's data (`GET /users/me/access-log`; decision 358).
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

  router.get('/users/me/consents', requireAuth, async (req, res) => {
    res.json(await listConsents(db, currentUser(req)));
  });

  router.post('/users/me/consents', requireAuth, async (req, res) => {
    const user = currentUser(req);
    // Clients' answers are health data; therapists' answers need no consent.
    if (user.type !== 'CLIENT')
      throw new AppError('FORBIDDEN', { message: CONSENT_MSG.clientsOnly });
    const { kind, version } = parse(giveConsentSchema, req.body);
    if (version !== CONSENT_TEXTS[kind].version) throw new AppError('DIALOG_TEXT_OUTDATED');
    await giveConsent(db, user.id, kind, version);
    res.json(await listConsents(db, user));
  });

  router.delete('/users/me/consents/questionnaire', requireAuth, async (req, res) => {
    const user = currentUser(req);
    if (user.type !== 'CLIENT')
      throw new AppError('FORBIDDEN', { message: CONSENT_MSG.clientsOnly });
    await db.transaction((tx) => withdrawQuestionnaireConsent(tx, user.id));
    res.status(204).end();
  });

  // Clients and therapists: others read their data. No one reads an admin's.
  router.get('/users/me/access-log', requireRole('CLIENT', 'PROVIDER'), async (req, res) => {
    const { limit } = parse(accessLogQuerySchema, req.query);
    res.json(await listAccessLog(db, currentUser(req).id, limit));
  });

  return router;
}
