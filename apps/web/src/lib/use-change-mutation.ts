import {
  useMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/** Files and forms have no JSON of their own: each one is its own change, known by identity. */
const identities = new WeakMap<object, number>();
let lastIdentity = 0;

/** What tells one change from another: its variables as JSON, or a file's or a form's identity. */
function changeKey(variables: unknown): string {
  if (variables instanceof FormData || variables instanceof Blob) {
    let identity = identities.get(variables);
    if (identity === undefined) {
      lastIdentity += 1;
      identity = lastIdentity;
      identities.set(variables, identity);
    }
    return `#${identity}`;
  }
  return JSON.stringify(variables) ?? '';
}

/**
 * `useMutation` for every request that sends a change: the same call, sent
 * once. A double click (or a second Enter) on a slow network used to send the
 * change twice, because TanStack Query reports `isPending` only on a later
 * task, after the second click has already run. Here a call made while the
 * same change (the same variables) is still on its way is ignored: it sends
 * nothing, and its promise never settles, so the caller does nothing twice
 * (one toast, one navigation); the first call's answer is what the page
 * shows. `isPending` turns true within the click that sent the change, so the
 * button is disabled before the next click. A change with other variables
 * (another booking's row) still goes out.
 */
export function useChangeMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef(new Set<string>());
  const [sending, setSending] = useState(0);
  const { mutateAsync: send } = mutation;

  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      const key = changeKey(variables);
      if (inFlight.current.has(key)) return new Promise<TData>(() => {});
      setSending((n) => n + 1);
      const request = send(variables, callOptions).finally(() => {
        inFlight.current.delete(key);
        setSending((n) => n - 1);
      });
      inFlight.current.add(key);
      return request;
    },
    [send],
  );

  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // Errors reach the caller through onError and the mutation's state, as with useMutation.
      mutateAsync(variables, callOptions).catch(() => undefined);
    },
    [mutateAsync],
  );

  return {
    ...mutation,
    mutate,
    mutateAsync,
    isPending: mutation.isPending || sending > 0,
  } as UseMutationResult<TData, TError, TVariables, TContext>;
}
