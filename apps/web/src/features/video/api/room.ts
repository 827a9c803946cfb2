import type { VideoRoom } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';

/** GET /video/{bookingId}: the room's hours, the person's role and the ICE servers. */
export function getVideoRoom(bookingId: string): Promise<VideoRoom> {
  return api.get<VideoRoom>(`/video/${encodeURIComponent(bookingId)}`);
}

export const videoRoomQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['video', bookingId] as const,
    queryFn: () => getVideoRoom(bookingId),
    // A 404 (not this person's room) or 409 (not a video session) stays so.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
    // The TURN credentials last until the room closes; a refetch would only renew them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useVideoRoom(bookingId: string) {
  return useQuery(videoRoomQuery(bookingId));
}
