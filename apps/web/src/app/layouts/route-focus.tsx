import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (lazy code, the user, its data). */
const HEADING_WAIT_MS = 10_000;

/**
 * Focus management on route change: after every move to another path (a
 * link, a sign-in, a guard's redirect; not the first page load), focus goes
 * to the new page's heading (`main h1`, made focusable with tabIndex=-1),
 * so keyboard and screen-reader users start on the page they landed on. It
 * waits for the heading to appear, and leaves focus alone when something
 * else took it meanwhile (the page itself, a dialog, the user's Tab).
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const firstPath = useRef<string | null>(pathname);

  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = null;
    // Focus as it was at the move: still there (or lost to <body>) means nobody took it since.
    const before = document.activeElement;
    const untouched = () => {
      const now = document.activeElement;
      return !now || now === document.body || now === before || !now.isConnected;
    };
    // The heading focused last: a page that shows a stand-in heading while its data loads
    // (the provider page, the booking page) replaces it, and focus follows to the real one.
    let focused: HTMLElement | null = null;
    const tryFocus = (): boolean => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      if (heading === focused) return true;
      const lostWithOld = focused !== null && !focused.isConnected && focusIsLost();
      if (focused === null ? untouched() : lostWithOld) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
        focused = heading;
      }
      return true;
    };
    const focusIsLost = () => {
      const now = document.activeElement;
      return !now || now === document.body;
    };
    tryFocus();
    // Watch on for a while: the heading may come later, or be replaced once the data is there.
    const observer = new MutationObserver(() => {
      tryFocus();
      // Someone else took focus (the user, the page): this move is done.
      const now = document.activeElement;
      if (now && now !== document.body && now !== focused && now !== before) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return null;
}
