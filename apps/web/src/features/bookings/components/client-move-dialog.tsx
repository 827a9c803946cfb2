import { formatStockholm, type Booking, type Match } from '@samtalsmatch/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useFreeHours } from '../api/get-free-hours';
import { useMoveBooking } from '../api/move-booking';
import { BOOKINGS_TEXTS as T } from '../texts';
import { ClientTimePicker, timeLabel } from './client-time-picker';

/**
 * 'Flytta tiden' for the client (docs/rules/bookings.md#moving-a-session):
 * one of the therapist's free hours, picked in the booking page's calendar
 * (one time instead of three). Offered only while the cancellation policy
 * allows a cancel; the server decides (422 past the policy, 409 when the
 * hour was taken meanwhile: its message shows, the free hours load again
 * and the dialog stays).
 */
export function ClientMoveDialog({
  open,
  onOpenChange,
  match,
  booking,
  now,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  match: Match;
  booking: Booking;
  now: Date;
}) {
  const slots = useFreeHours(match.providerId, { enabled: open });
  const move = useMoveBooking();
  const [chosen, setChosen] = useState<number | null>(null);

  const close = (next: boolean) => {
    if (next) return;
    move.reset();
    setChosen(null);
    onOpenChange(false);
  };

  const send = () => {
    if (chosen === null || move.isPending) return;
    move.mutate(
      { bookingId: booking.id, time: new Date(chosen).toISOString() },
      {
        onSuccess: () => {
          toast.success(T.movedToast);
          close(false);
        },
        onError: () => void slots.refetch(),
      },
    );
  };

  const from = booking.confirmedTime ? formatStockholm(booking.confirmedTime) : '';
  const free = slots.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={T.moveTitle}
      description={T.clientMoveText(from)}
      footer={
        <Button onClick={send} disabled={chosen === null || move.isPending}>
          {move.isPending ? T.moving : T.move}
        </Button>
      }
    >
      {slots.isPending ? (
        <p role="status" className="mt-4 text-stone-700">
          {T.clientMoveLoading}
        </p>
      ) : slots.isError ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(slots.error)}
        </Alert>
      ) : free.some((s) => s.status === 'AVAILABLE') ? (
        <div className="mt-4">
          <ClientTimePicker
            slots={free}
            now={now}
            selected={chosen === null ? [] : [chosen]}
            onToggle={(start) => setChosen((c) => (c === start ? null : start))}
          />
          <p role="status" className="mt-3 font-medium text-stone-900">
            {chosen === null ? T.clientMoveNone : T.clientMoveChosen(timeLabel(chosen))}
          </p>
        </div>
      ) : (
        <p className="mt-4 text-stone-800">{T.clientMoveNoTimes}</p>
      )}
      {move.error ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(move.error)}
        </Alert>
      ) : null}
    </Dialog>
  );
}
