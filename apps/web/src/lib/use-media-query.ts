import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the media query matches now, following changes (a phone turned on
 * its side, a window made narrower). Where the browser has no matchMedia
 * (jsdom) it never matches.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Narrower than Tailwind's `sm` (640 px): a phone held upright. */
export const PHONE_QUERY = '(max-width: 639.98px)';
