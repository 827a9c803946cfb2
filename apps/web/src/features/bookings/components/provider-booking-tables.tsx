import {
  BOOKING_STATUS_LABELS,
  CANCELLED_BY_LABELS,
  atLineStart,
  formatStockholm,
  MSG,
  type ProviderListBooking,
} from '@samtalsmatch/contracts';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useNow } from '@/lib/use-now';
import { BOOKINGS_TEXTS as T } from '../texts';
import { SeriesNote, TimeLeft, type ProviderRow } from './provider-row-notes';
import { RoomLink, SessionPlace } from './session-place';

/**
 * The date a history row shows: the session's time when it had one, else
 * when it closed (cancelled or expired unanswered).
 */
export function historyDate(b: ProviderListBooking): string | null {
  return b.confirmedTime ?? b.cancelledAt ?? b.expiresAt ?? b.suggestedTimes.at(-1) ?? null;
}

const cell = 'px-3 py-3 align-middle';
const headCell = 'px-3 py-2 text-left text-sm font-semibold text-stone-800';

function Table({
  columns,
  busy,
  children,
  caption,
}: {
  columns: readonly string[];
  busy: boolean;
  caption: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-stone-900" aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300">
            {columns.map((c) => (
              <th key={c} scope="col" className={headCell}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Loading shows skeleton rows. */
function SkeletonRows({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1, 2].map((row) => (
        <tr key={row} className="border-b border-stone-200" aria-hidden="true">
          {Array.from({ length: columns }, (_, i) => (
            <td key={i} className={cell}>
              <div className="h-4 w-24 animate-pulse rounded-sm bg-stone-200 motion-reduce:animate-none" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className={`${cell} text-stone-700`}>
        {text}
      </td>
    </tr>
  );
}

function Loading() {
  return (
    <p role="status" className="sr-only">
      {T.loading}
    </p>
  );
}

/**
 * 'Aktuella bokningar': Klient, Status, Åtgärd ('Granska'); a pending
 * request's time left, a series' interval; a confirmed session's place and, while a video
 * session's room is open, 'Till samtalet' (docs/rules/video.md#where-a-session-happens).
 */
export function ProviderActiveTable({
  rows,
  isLoading,
  onReview,
  clock,
  address = null,
}: {
  rows: readonly ProviderRow[];
  isLoading: boolean;
  onReview: (row: ProviderRow, button: HTMLButtonElement) => void;
  clock?: () => Date;
  /** The therapist's practice as one line: where a session at the practice happens. */
  address?: string | null;
}) {
  const columns = [MSG.columnClient, MSG.columnStatus, MSG.columnAction];
  const id = useId();
  const tick = useNow();
  const now = clock ? clock() : tick;
  return (
    <>
      {isLoading ? <Loading /> : null}
      <Table columns={columns} busy={isLoading} caption={MSG.bookingRequestsTitle}>
        {isLoading ? (
          <SkeletonRows columns={columns.length} />
        ) : rows.length === 0 ? (
          <EmptyRow columns={columns.length} text={MSG.noCurrentBookings} />
        ) : (
          rows.map((row) => {
            const nameId = `${id}-${row.booking.id}`;
            return (
              <tr key={row.booking.id} className="border-b border-stone-200">
                <td id={nameId} className={`${cell} font-medium`}>
                  {row.match.client.name}
                </td>
                <td className={cell}>
                  {BOOKING_STATUS_LABELS[row.booking.status]}
                  <TimeLeft booking={row.booking} clock={clock} />
                  {row.booking.status === 'CONFIRMED' ? (
                    <SessionPlace
                      booking={row.booking}
                      address={address}
                      className="mt-1 text-sm"
                    />
                  ) : null}
                  <SeriesNote row={row} />
                </td>
                <td className={`${cell} space-x-3 whitespace-nowrap`}>
                  <RoomLink booking={row.booking} now={now} describedBy={nameId} />
                  <Button
                    variant="secondary"
                    className="px-4 py-2"
                    aria-haspopup="dialog"
                    aria-describedby={nameId}
                    onClick={(event) => onReview(row, event.currentTarget)}
                  >
                    {MSG.review}
                  </Button>
                </td>
              </tr>
            );
          })
        )}
      </Table>
    </>
  );
}

/** 'Historik': Klient, Status, Avbokad av, Datum; a row opens the details dialog. */
export function ProviderHistoryTable({
  rows,
  isLoading,
  onOpen,
}: {
  rows: readonly ProviderRow[];
  isLoading: boolean;
  onOpen: (row: ProviderRow, button: HTMLButtonElement) => void;
}) {
  const columns = [MSG.columnClient, MSG.columnStatus, MSG.columnCancelledBy, MSG.columnDate];
  return (
    <>
      {isLoading ? <Loading /> : null}
      <Table columns={columns} busy={isLoading} caption={MSG.historyTitle}>
        {isLoading ? (
          <SkeletonRows columns={columns.length} />
        ) : rows.length === 0 ? (
          <EmptyRow columns={columns.length} text={MSG.noHistory} />
        ) : (
          rows.map((row) => {
            const { booking } = row;
            const date = historyDate(booking);
            return (
              <tr
                key={booking.id}
                className="cursor-pointer border-b border-stone-200 hover:bg-stone-50"
                // The whole row opens the details for a pointer; the name's button for everyone.
                onClick={(event) => {
                  const button = event.currentTarget.querySelector('button');
                  if (button && event.target !== button) button.click();
                }}
              >
                <td className={cell}>
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    className="text-left font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(row, event.currentTarget);
                    }}
                  >
                    {row.match.client.name}
                  </button>
                </td>
                <td className={cell}>{BOOKING_STATUS_LABELS[booking.status]}</td>
                <td className={cell}>
                  {booking.cancelledBy ? CANCELLED_BY_LABELS[booking.cancelledBy] : T.none}
                </td>
                <td className={`${cell} text-sm`}>
                  {date ? atLineStart(formatStockholm(date)) : T.none}
                </td>
              </tr>
            );
          })
        )}
      </Table>
    </>
  );
}
