import { act } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For a suite that renders the Toaster: jsdom has no matchMedia (the Toaster
 * asks it about reduced motion), and no toast may outlive its test. Call once
 * at the top of the file.
 */
export function withToasterEnvironment() {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });
}
