import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimedLicensedTitles,
  licenceVerificationBlock,
  type ProviderTitle,
} from '@samtalsmatch/contracts';
import { createDb, type DbHandle } from '../client';
import { seedLarge } from './large';
import { createTestDatabase } from '../../../../apps/api/src/test/harness';

let database: DbHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  const testDb = await createTestDatabase();
  drop = testDb.drop;
  database = createDb(testDb.url, { max: 2 });
});

afterAll(async () => {
  await database.close();
  await drop();
});

describe('seedLarge at a small scale', () => {
  it('makes verified therapists with current licence checks and 8 weeks of weekday hours, clients with answers and matches, and bookings in every state', async () => {
    const lines: string[] = [];
    const counts = await seedLarge(database.pool, { scale: 0.001, log: (l) => lines.push(l) });
    expect(counts).toMatchObject({ therapists: 5, clients: 50, matches: 150, bookings: 100 });
    // 40 weekdays (8 weeks) × 8 hours per therapist.
    expect(counts.slots).toBe(5 * 40 * 8);
    expect(Object.keys(counts.bookingsByStatus).sort()).toEqual(
      ['CANCELLED', 'COMPLETED', 'CONFIRMED', 'EXPIRED', 'PENDING_PROVIDER_CONFIRMATION'].sort(),
    );
    expect(lines.some((l) => l.startsWith('slots:'))).toBe(true);

    const q = async (text: string) =>
      (await database.pool.query(text)).rows[0] as Record<string, number>;
    expect(
      await q(`select count(*)::int as n from provider_profiles p join users u on u.id = p.user_id
               where u.email like '%@stor.exempel.se' and not p.is_verified`),
    ).toEqual({ n: 0 });
    // Every claimed licensed title has a registered check younger than 12 months
    // (the contracts' rule that lets an admin verify), and only those titles have checks.
    const therapists = await database.pool.query<{
      title: ProviderTitle[];
      checks: { title: ProviderTitle; registered: boolean; checkedAt: string }[];
    }>(`select p.title::text[] as title,
          coalesce(json_agg(json_build_object('title', lc.title, 'registered', lc.registered,
            'checkedAt', lc.checked_at)) filter (where lc.id is not null), '[]') as checks
        from provider_profiles p join users u on u.id = p.user_id
        left join licence_checks lc on lc.provider_id = p.user_id
        where u.email like '%@stor.exempel.se' group by p.user_id, p.title`);
    expect(therapists.rows).toHaveLength(5);
    const now = new Date();
    for (const t of therapists.rows) {
      expect(licenceVerificationBlock(t.title, t.checks, now)).toBeNull();
      expect(t.checks.map((c) => c.title).sort()).toEqual(claimedLicensedTitles(t.title).sort());
    }
    expect(counts.licenceChecks).toBe(
      therapists.rows.reduce((n, t) => n + claimedLicensedTitles(t.title).length, 0),
    );
    expect(counts.licenceChecks).toBeGreaterThan(0);
    // Every seeded client answered every question.
    expect(
      await q(`select count(*)::int as n from users u where u.email like 'klient.%@stor.exempel.se'
               and (select count(*) from answers a where a.user_id = u.id) <> (select count(*) from questions)`),
    ).toEqual({ n: 0 });
    // Each open booking holds a slot of its therapist at its time; confirmed ones BOOKED.
    expect(
      await q(`select count(*)::int as n from bookings b join matches m on m.id = b.match_id
               where b.status in ('PENDING_PROVIDER_CONFIRMATION', 'CONFIRMED') and not exists (
                 select 1 from availability_slots s where s.booking_id = b.id and s.provider_id = m.provider_id
                   and s.start_time = b.suggested_times[1]
                   and s.status = case when b.status = 'CONFIRMED' then 'BOOKED' else 'PENDING' end::slot_status)`),
    ).toEqual({ n: 0 });
    await expect(seedLarge(database.pool, { scale: 0.001 })).rejects.toThrow(/already/);
  });
});
