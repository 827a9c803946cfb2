import { AUTO_ADVANCE_MS } from '@samtalsmatch/contracts';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Single choice and importance move on by themselves after 200 ms
 * (docs/rules/matching.md#questionnaire-steps). `schedule` calls `advance`
 * after the delay (a new pick restarts it); `cancel` drops a pending move;
 * leaving the page drops it too.
 */
export function useAutoAdvance(advance: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(advance);
  useEffect(() => {
    latest.current = advance;
  });

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const schedule = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, AUTO_ADVANCE_MS);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return { schedule, cancel };
}
