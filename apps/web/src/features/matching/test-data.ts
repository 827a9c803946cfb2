import type { Booking, Match } from '@samtalsmatch/contracts';

let next = 1;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A client's match as GET /matches answers it, with overrides (tests only). */
export function aMatch(overrides: Partial<Match> = {}): Match {
  const n = next++;
  const base: Match = {
    id: uuid(n),
    status: 'PENDING',
    score: 0.85,
    providerId: uuid(1000 + n),
    provider: {
      name: 'Anna Lindqvist',
      email: null,
      phoneNumber: null,
      address: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
      providerProfile: {
        // PSYKOTERAPEUT has no current check: a client never sees it.
        title: ['PSYKOLOG', 'PSYKOTERAPEUT', 'SOCIONOM'],
        description:
          'Jag arbetar med KBT och möter ofta människor med oro och sömnproblem.\n\nSamtalen sker på svenska eller engelska.',
        price: 950,
        profileImageSignedUrl: '/api/images/anna.png?sig=x',
        cancellationPolicy: 'TWENTY_FOUR_HOURS',
        education: ['MASTER', 'COURSES'],
        sessionDuration: 50,
        personalAttributes: 'Lugn, nyfiken, rak',
        meetingFormat: 'BOTH',
        languages: ['Svenska', 'Engelska'],
        licences: [{ title: 'PSYKOLOG', checkedAt: '2026-11-12T09:00:00.000Z' }],
      },
      answer: [],
    },
    client: { name: 'Klient', answer: [] },
    bookings: [],
    explanation: [
      {
        questionKey: 'language',
        importance: 3,
        met: [
          { value: 'sv', label: 'Svenska' },
          { value: 'en', label: 'Engelska' },
        ],
        unmet: [],
      },
      {
        questionKey: 'problem_areas',
        importance: 2,
        met: [{ value: 'angest', label: 'Ångest' }],
        unmet: [{ value: 'sorg', label: 'Sorg' }],
      },
      {
        questionKey: 'therapy_methods',
        importance: 1,
        met: [],
        unmet: [{ value: 'emdr', label: 'EMDR' }],
      },
      {
        questionKey: 'knowledge_areas',
        importance: 1,
        met: [{ value: 'studenter', label: 'Studenter' }],
        unmet: [],
      },
      {
        questionKey: 'age',
        importance: 1,
        met: [{ value: '25-34', label: '25–34 år' }],
        unmet: [],
      },
    ],
  };
  return { ...base, ...overrides };
}

export function aBooking(status: Booking['status'], matchId: string): Booking {
  return {
    id: uuid(5000 + next++),
    matchId,
    status,
    meetingFormat: 'IN_PERSON',
    confirmedTime: null,
    suggestedTimes: [],
    messageFromProvider: null,
    cancelledBy: null,
    cancelledAt: null,
  };
}
