import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { json, mockFetch } from '@/test/fetch';
import { testQueryClient } from '@/test/render';
import { useCancelBooking } from '../api/cancel-booking';
import { useCreateBooking } from '../api/create-booking';

afterEach(() => vi.restoreAllMocks());

const MATCH_ID = '00000000-0000-4000-8000-000000000001';
const BOOKING_ID = '00000000-0000-4000-8000-000000000002';
const TIMES = ['2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z', '2026-12-02T08:00:00.000Z'];

function wrapperWith() {
  const client = testQueryClient();
  // Two reads the bookings change: both must be marked stale.
  client.setQueryData(queryKeys.matches, []);
  client.setQueryData(queryKeys.availabilities('p1'), []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('bookings api', () => {
  it('POST /bookings sends matchId and the three times with the CSRF token; matches and slots go stale', async () => {
    const fetchMock = mockFetch({
      'POST /bookings': json({ id: BOOKING_ID, status: 'PENDING_PROVIDER_CONFIRMATION' }, 201),
    });
    const { client, wrapper } = wrapperWith();
    const { result } = renderHook(() => useCreateBooking(), { wrapper });
    await act(() => result.current.mutateAsync({ matchId: MATCH_ID, suggestedTimes: TIMES }));
    const [call] = fetchMock.find('POST', '/bookings');
    expect(call?.body).toEqual({ matchId: MATCH_ID, suggestedTimes: TIMES });
    expect(call?.headers['x-csrf-token']).toBe('csrf-1');
    expect(client.getQueryState(queryKeys.matches)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.availabilities('p1'))?.isInvalidated).toBe(true);
  });

  it('PATCH /bookings/cancel/{id} sends an empty object; a failure invalidates nothing', async () => {
    const fetchMock = mockFetch({
      [`PATCH /bookings/cancel/${BOOKING_ID}`]: json({ id: BOOKING_ID, status: 'CANCELLED' }),
    });
    const { client, wrapper } = wrapperWith();
    const { result } = renderHook(() => useCancelBooking(), { wrapper });
    await act(() => result.current.mutateAsync(BOOKING_ID));
    expect(fetchMock.find('PATCH', `/bookings/cancel/${BOOKING_ID}`)[0]?.body).toEqual({});
    expect(client.getQueryState(queryKeys.matches)?.isInvalidated).toBe(true);

    mockFetch({
      'PATCH /bookings/cancel/other': json(
        { message: 'Bokningen kan inte avbokas enligt terapeutens avbokningspolicy.' },
        422,
      ),
    });
    const fresh = wrapperWith();
    const second = renderHook(() => useCancelBooking(), { wrapper: fresh.wrapper });
    act(() => second.result.current.mutate('other'));
    await waitFor(() => expect(second.result.current.isError).toBe(true));
    expect(second.result.current.error?.message).toBe(
      'Bokningen kan inte avbokas enligt terapeutens avbokningspolicy.',
    );
    expect(fresh.client.getQueryState(queryKeys.matches)?.isInvalidated).toBe(false);
  });
});
