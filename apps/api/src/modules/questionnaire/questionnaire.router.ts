import { Router } from 'express';
import { saveAnswerDraftSchema, saveAnswersSchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { currentUser, requireRole } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import {
  answersFor,
  draftFor,
  questionsFor,
  saveAnswers,
  saveDraft,
} from './questionnaire.service';

/**
 * `GET /questions`, `GET /answers`, `POST /answers`, and the unfinished
 * questionnaire `GET` and `PUT /answers/draft` (clients and providers: both
 * answer a questionnaire; each reads and writes only their own).
 * `afterClientAnswers` runs after a client's answers are saved (app.ts hands
 * in the matching's recomputation: the questionnaire module does not know
 * the matching, which reads the questionnaire).
 */
export function questionnaireRouter({
  database,
  logger,
  afterClientAnswers,
}: {
  config: Config;
  database: DbHandle;
  logger: Logger;
  afterClientAnswers: (clientId: string) => Promise<void>;
}): Router {
  const { db } = database;
  const router = Router();
  const member = requireRole('CLIENT', 'PROVIDER');

  router.get('/questions', member, async (req, res) => {
    res.json(await questionsFor(db, currentUser(req).type));
  });

  router.get('/answers', member, async (req, res) => {
    res.json(await answersFor(db, currentUser(req)));
  });

  router.get('/answers/draft', member, async (req, res) => {
    res.json(await draftFor(db, currentUser(req)));
  });

  router.put('/answers/draft', member, async (req, res) => {
    const input = parse(saveAnswerDraftSchema, req.body);
    res.json(await saveDraft(db, currentUser(req), input));
  });

  router.post('/answers', member, async (req, res) => {
    const user = currentUser(req);
    const input = parse(saveAnswersSchema, req.body);
    const saved = await saveAnswers(db, user, input);
    if (user.type === 'CLIENT') {
      // The answers are saved whatever happens here; a failed recomputation is
      // logged, and the list is computed again when it next needs to be
      // (docs/rules/matching.md#when-recommendations-are-computed).
      try {
        await afterClientAnswers(user.id);
      } catch (err) {
        logger.error({ err }, 'recomputing matches after saving answers failed');
      }
    }
    res.json(saved);
  });

  return router;
}
