import { useSyncExternalStore } from 'react';
import type * as ReactHotToast from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';

/**
 * Toasts (react-hot-toast) load on the first toast, not with the page: most
 * visits never show one, and the landing page's JavaScript has a budget
 * (docs/decisions/301). `toast.success` / `toast.error` take what
 * react-hot-toast's do; the Toaster mounts once the library is there
 * (AppProvider, `useLoadedToasts`), and shows what was asked for meanwhile.
 */
type Toasts = typeof ReactHotToast;

let loading: Promise<Toasts> | undefined;
let loaded: Toasts | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<Toasts> {
  loading ??= import('react-hot-toast').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

type Args = [message: string, options?: ToastOptions];

function show(kind: 'success' | 'error', args: Args) {
  if (loaded) {
    loaded.default[kind](...args);
    return;
  }
  loadToasts().then(
    (module) => module.default[kind](...args),
    () => {
      // The code could not load (offline): the page still says what happened where it can.
    },
  );
}

export const toast = {
  success: (...args: Args) => show('success', args),
  error: (...args: Args) => show('error', args),
};

/** react-hot-toast once a toast has loaded it (for mounting its Toaster), else undefined. */
export function useLoadedToasts(): Toasts | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => undefined,
  );
}
