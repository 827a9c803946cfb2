import type { SaveAnswerDraftInput } from '@samtalsmatch/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveAnswerDraft } from '../api/answer-draft';

/** After the last change on a step, the draft is saved this much later (a step change saves at once). */
export const DRAFT_SAVE_DELAY_MS = 1000;

/**
 * Keeps the unfinished answers on the server (PUT /answers/draft), one save
 * after the other so the last one wins, and only when they differ from what
 * the server holds (docs/rules/matching.md#the-questionnaire-keeps-its-place).
 * A failed save keeps everything on the screen and says so discreetly
 * (`failed`); the next change or step tries again. `close` stops further
 * saves and waits for the one under way: the complete save deletes the
 * draft, and no late draft may come back after it.
 *
 * The draft follows `payload`: a moment after the last change, at once when
 * `step` changes, and when the page is left within the delay.
 * `cancelPending` drops a save that is still waiting for its delay.
 */
export function useDraftSaver(
  initial: SaveAnswerDraftInput,
  payload: SaveAnswerDraftInput,
  step: number,
) {
  const held = useRef(JSON.stringify(initial));
  const chain = useRef<Promise<void>>(Promise.resolve());
  const closed = useRef(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useCallback((next: SaveAnswerDraftInput): void => {
    const json = JSON.stringify(next);
    chain.current = chain.current.then(async () => {
      if (closed.current || json === held.current) return;
      try {
        await saveAnswerDraft(next);
        held.current = json;
        setFailed(false);
      } catch {
        setFailed(true);
      }
    });
  }, []);

  const cancelPending = useCallback((): void => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const latest = useRef(payload);
  // Before the effects below, which save the latest answers.
  useEffect(() => {
    latest.current = payload;
  });
  const json = JSON.stringify(payload);
  useEffect(() => {
    cancelPending();
    timer.current = setTimeout(() => {
      timer.current = null;
      save(latest.current);
    }, DRAFT_SAVE_DELAY_MS);
    return cancelPending;
  }, [json, save, cancelPending]);
  useEffect(() => {
    save(latest.current);
  }, [step, save]);
  // Leaving the page within the delay keeps the last change too.
  useEffect(() => () => save(latest.current), [save]);

  const close = useCallback(async (): Promise<void> => {
    closed.current = true;
    await chain.current;
  }, []);

  const reopen = useCallback((): void => {
    closed.current = false;
  }, []);

  return { close, reopen, cancelPending, failed };
}
