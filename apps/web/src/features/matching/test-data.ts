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
        title: ['PSYKOLOG', 'PSYKOTERAPEUT'],
        description: 'Jag arbetar med KBT och möter ofta människor med oro och sömnproblem.',
        price: 950,
        profileImageSignedUrl: '/api/images/anna.png?sig=x',
        cancellationPolicy: 'TWENTY_FOUR_HOURS',
        education: ['MASTER', 'COURSES'],
        sessionDuration: 50,
        personalAttributes: 'Lugn, nyfiken, rak',
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
        questionKey: 'therapy_methods',
        importance: 1,
        met: [],
        unmet: [{ value: 'emdr', label: 'EMDR' }],
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
    confirmedTime: null,
    suggestedTimes: [],
    messageFromProvider: null,
    cancelledBy: null,
    cancelledAt: null,
  };
}
