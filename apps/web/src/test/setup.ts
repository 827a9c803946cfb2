import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadToasts } from '@/lib/toast';

// The suites run in parallel on small machines: give async queries room.
configure({ asyncUtilTimeout: 5000 });

// What Radix needs from a browser and jsdom does not have.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Toasts load on first use in the app (lib/toast.ts); the suites have them from the start,
// so a toast shows (and a spy on react-hot-toast sees it) in the same tick as in the app after its first one.
beforeAll(async () => {
  await loadToasts();
});
