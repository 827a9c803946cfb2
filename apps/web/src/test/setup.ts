import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { loadToasts } from '@/lib/toast';
import { takeCrowdedDialogs, watchDialogPrimaries } from './primaries';

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

// At most one primary action in a dialog, in every state any test brings it to (decision 300).
let stopWatching = () => {};
beforeEach(() => {
  takeCrowdedDialogs();
  stopWatching = watchDialogPrimaries();
});

afterEach(() => {
  stopWatching();
  cleanup();
  window.localStorage.clear();
  expect(takeCrowdedDialogs(), 'dialogs with more than one primary action').toEqual([]);
});

// Toasts load on first use in the app (lib/toast.ts); the suites have them from the start,
// so a toast shows (and a spy on react-hot-toast sees it) in the same tick as in the app after its first one.
beforeAll(async () => {
  await loadToasts();
});
