import type { BookingStatus, MatchStatus, UserType } from '../enums';

export const DASHBOARD_TEXTS = {
  provider:
    'Här hanterar du dina bokningsförfrågningar. Under Historik ser du bokningar som är avbokade eller slutförda.',
  confirmed:
    'Din bokning är bekräftad. Öppna bokningen för att se tiden och din terapeuts kontaktuppgifter.',
  pending:
    'Din bokningsförfrågan har skickats. Du får ett meddelande så snart terapeuten har bekräftat en av dina tider.',
  matchesFound:
    'Vi har hittat terapeuter som passar dig utifrån dina svar. Läs om dem och skicka en bokningsförfrågan till den du vill träffa.',
  generic:
    'Här ser du dina matchningar och bokningar. Uppdatera gärna dina svar om något har förändrats.',
} as const;

export interface DashboardMatch {
  status: MatchStatus;
  bookings: readonly { status: BookingStatus }[];
}

/** The dashboard text, by priority (docs/rules/matching.md#dashboard-text). */
export function dashboardText(
  user: { type: UserType },
  matches: readonly DashboardMatch[],
): string {
  if (user.type === 'PROVIDER') return DASHBOARD_TEXTS.provider;
  const bookings = matches.flatMap((m) => m.bookings);
  if (bookings.some((b) => b.status === 'CONFIRMED')) return DASHBOARD_TEXTS.confirmed;
  if (bookings.some((b) => b.status === 'PENDING_PROVIDER_CONFIRMATION')) {
    return DASHBOARD_TEXTS.pending;
  }
  if (matches.some((m) => m.status === 'PENDING')) return DASHBOARD_TEXTS.matchesFound;
  return DASHBOARD_TEXTS.generic;
}
