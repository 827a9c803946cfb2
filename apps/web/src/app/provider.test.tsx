import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '@/test/render';
import { withToasterEnvironment } from '@/test/toaster';
import { AppProvider } from './provider';

withToasterEnvironment();

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderProvider() {
  return render(
    <AppProvider client={testQueryClient()}>
      <p>Sida</p>
    </AppProvider>,
  );
}

/** Shown for `ms`, then dismissed; a dismissed toast is removed after 1000 ms. */
async function expectLifetime(text: string, ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms - 50));
  expect(screen.getByText(text)).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(100));
  // Dismissed (hidden) but still in the document while it animates out.
  expect(screen.getByText(text)).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(1000));
  expect(screen.queryByText(text)).not.toBeInTheDocument();
}

describe('toasts', () => {
  it('an error toast stays 4000 ms, at most 350 px wide', async () => {
    renderProvider();
    act(() => void toast.error('Något gick fel'));
    expect(screen.getByText('Något gick fel').closest('[style*="max-width"]')).toHaveStyle({
      maxWidth: '350px',
    });
    await expectLifetime('Något gick fel', 4000);
  });

  it('a blank toast stays 4000 ms', async () => {
    renderProvider();
    act(() => void toast('Information'));
    await expectLifetime('Information', 4000);
  });

  it('a success toast stays 2000 ms', async () => {
    renderProvider();
    act(() => void toast.success('Dina tider har sparats'));
    await expectLifetime('Dina tider har sparats', 2000);
  });

  it('a loading toast has no limit', async () => {
    renderProvider();
    act(() => void toast.loading('Sparar…'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('Sparar…')).toBeInTheDocument();
  });
});
