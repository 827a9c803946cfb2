import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` (a minute by default), so
 * rules like "more than 24 hours ahead" follow the clock while a page is open.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
