import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '@/test/render';
import { useChangeMutation } from './use-change-mutation';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

/** A request that answers when the test says so. */
function slowRequest() {
  const answers: ((value: string) => void)[] = [];
  const fn = vi.fn(
    (variables: { id: string }) =>
      new Promise<string>((resolve) => answers.push(() => resolve(`svar ${variables.id}`))),
  );
  return { fn, answerAll: () => answers.splice(0).forEach((answer) => answer('')) };
}

describe('a change is sent once', () => {
  it('a second call of the same change while it is on its way sends nothing and does nothing', async () => {
    const request = slowRequest();
    const { result } = renderHook(() => useChangeMutation({ mutationFn: request.fn }), { wrapper });
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.mutateAsync({ id: 'a' });
      second = result.current.mutateAsync({ id: 'a' });
    });
    // Pending within the same event that sent it: the button is disabled before a next click.
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(request.fn).toHaveBeenCalledTimes(1));
    await act(async () => request.answerAll());
    await expect(first).resolves.toBe('svar a');
    // The ignored call never settles: its caller shows no second toast and navigates nowhere.
    const settled = await Promise.race([second.then(() => true), first.then(() => false)]);
    expect(settled).toBe(false);
    await waitFor(() => expect(result.current.isPending).toBe(false));

    // Once answered, the same change can be sent again.
    act(() => {
      void result.current.mutateAsync({ id: 'a' });
    });
    await waitFor(() => expect(request.fn).toHaveBeenCalledTimes(2));
  });

  it('mutate twice in one go sends one request', async () => {
    const request = slowRequest();
    const { result } = renderHook(() => useChangeMutation({ mutationFn: request.fn }), { wrapper });
    act(() => {
      result.current.mutate({ id: 'b' });
      result.current.mutate({ id: 'b' });
    });
    await waitFor(() => expect(request.fn).toHaveBeenCalledTimes(1));
    await act(async () => request.answerAll());
  });

  it('another change (other variables) still goes out while the first is on its way', async () => {
    const request = slowRequest();
    const { result } = renderHook(() => useChangeMutation({ mutationFn: request.fn }), { wrapper });
    act(() => {
      void result.current.mutateAsync({ id: 'rad 1' });
      void result.current.mutateAsync({ id: 'rad 2' });
    });
    await waitFor(() => expect(request.fn).toHaveBeenCalledTimes(2));
    await act(async () => request.answerAll());
  });

  it('two different files are two changes; the same form sent twice is one', async () => {
    const answers: (() => void)[] = [];
    const fn = vi.fn((_form: FormData) => new Promise<void>((resolve) => answers.push(resolve)));
    const { result } = renderHook(() => useChangeMutation({ mutationFn: fn }), { wrapper });
    const form = (name: string) => {
      const data = new FormData();
      data.append('photo', new Blob([name], { type: 'image/png' }), `${name}.png`);
      return data;
    };
    const first = form('ett');
    act(() => {
      void result.current.mutateAsync(first);
      void result.current.mutateAsync(first);
      void result.current.mutateAsync(form('två'));
    });
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
    expect(fn.mock.calls.map(([sent]) => (sent.get('photo') as File).name)).toEqual([
      'ett.png',
      'två.png',
    ]);
    await act(async () => answers.splice(0).forEach((answer) => answer()));
  });
});
