import type pg from 'pg';
import { LICENSED_TITLES } from '@samtalsmatch/contracts';

/** The national size; `scale` multiplies every count. */
export const LARGE_SIZE = { therapists: 5_000, clients: 50_000, bookings: 100_000 } as const;
/** The flag that lets seed:large write into a database on another machine. */
export const NOT_PRODUCTION_FLAG = '--not-production';

/**
 * Why seed:large must not run here, or undefined: it makes thousands of
 * verified, bookable fake therapists, so never in production, and into a
 * database on another machine only with NOT_PRODUCTION_FLAG.
 */
export function largeSeedRefusal(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): string | undefined {
  if (env.NODE_ENV === 'production') {
    return 'seed:large refuses NODE_ENV=production: it makes thousands of bookable fake therapists';
  }
  const url = env.DATABASE_URL;
  if (!url || argv.includes(NOT_PRODUCTION_FLAG)) return undefined;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return 'DATABASE_URL is not a URL';
  }
  const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);
  return loopback
    ? undefined
    : `seed:large writes only into a database on this machine; for ${host} add ${NOT_PRODUCTION_FLAG} if it is not production`;
}

/** Matches per client. */
const MATCHES_PER_CLIENT = 3;
/** Seeded licence checks are 1 to this many days old: all younger than 12 months. */
const LICENCE_CHECK_AGE_DAYS = 330;

export interface LargeSeedCounts {
  therapists: number;
  licenceChecks: number;
  clients: number;
  slots: number;
  matches: number;
  bookings: number;
  bookingsByStatus: Record<string, number>;
}

const DESCRIPTION =
  'Jag arbetar med samtal utifrån kognitiv beteendeterapi och möter vuxna med oro, nedstämdhet, stress och relationsfrågor. '.repeat(
    8,
  );

/**
 * Fills a migrated, questionnaire-seeded database with a country's worth of
 * data in set-based statements (generate_series, INSERT … SELECT): verified
 * therapists, each claimed licensed title with a registered check younger
 * than 12 months, with 8 weeks of weekday hours (09–17 Stockholm), clients with
 * answers and matches, and bookings in every state (open ones holding their
 * slot). Every seeded address ends in `@stor.exempel.se`; refuses to run twice.
 */
export async function seedLarge(
  pool: pg.Pool,
  options: { scale?: number; log?: (line: string) => void } = {},
): Promise<LargeSeedCounts> {
  const scale = options.scale ?? 1;
  const log = options.log ?? (() => undefined);
  const therapists = Math.max(3, Math.round(LARGE_SIZE.therapists * scale));
  const clients = Math.max(1, Math.round(LARGE_SIZE.clients * scale));
  const bookings = Math.min(
    clients * MATCHES_PER_CLIENT,
    Math.max(5, Math.round(LARGE_SIZE.bookings * scale)),
  );
  const client = await pool.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const started = Date.now();
    const result = await client.query(text, values);
    log(
      `${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return result;
  };
  try {
    const seeded = await client.query(
      `select 1 from users where email like '%@stor.exempel.se' limit 1`,
    );
    if (seeded.rowCount) throw new Error('this database already holds the large seed');
    await client.query('begin');
    await step(
      'therapists',
      `insert into users (type, name, email, email_verified_at, onboarding_step)
       select 'PROVIDER', 'Terapeut ' || g, 'terapeut.' || g || '@stor.exempel.se', now(), 'ONBOARDING_COMPLETED'
       from generate_series(1, $1::int) g`,
      [therapists],
    );
    await client.query(`create temp table seeded_therapists on commit drop as
      select id, row_number() over (order by id) - 1 as n from users
      where type = 'PROVIDER' and email like '%@stor.exempel.se'`);
    // Fresh tables have no statistics: without them the planner picks nested loops over millions.
    await client.query('analyze seeded_therapists');
    await step(
      'profiles',
      `insert into provider_profiles (user_id, title, description, education, price,
         session_duration, profile_image_key, personal_attributes, is_verified, verified_at)
       select id, array[(array['PSYKOLOG','PSYKOTERAPEUT','KURATOR','SOCIONOM','SEXOLOG'])[1 + n % 5]]::provider_title[],
         $1, array['MASTER']::education[], 700 + (n % 8) * 50, 50, 'seed/anna.png',
         'Lugn, nyfiken och rak.', true, now()
       from seeded_therapists`,
      [DESCRIPTION],
    );
    // Every claimed licensed title was found in the register, within the last
    // 12 months (the days spread so the checks fall due on different days).
    const checks = await step(
      'licence checks',
      `insert into licence_checks (provider_id, title, registered, checked_at)
       select t.id, claimed.title, true, now() - (1 + t.n % ${LICENCE_CHECK_AGE_DAYS}) * interval '1 day'
       from seeded_therapists t
       join provider_profiles p on p.user_id = t.id
       cross join unnest(p.title) as claimed(title)
       where claimed.title::text = any($1::text[])`,
      [LICENSED_TITLES],
    );
    const chunk = 500;
    let slots = 0;
    for (let from = 0; from < therapists; from += chunk) {
      const result = await client.query(
        `insert into availability_slots (provider_id, start_time, end_time)
         select t.id, s.start_time, s.start_time + interval '1 hour'
         from seeded_therapists t
         cross join (
           select ((d::date + make_time(h, 0, 0)) at time zone 'Europe/Stockholm') as start_time
           from generate_series(current_date + 1, current_date + 56, interval '1 day') d
           cross join generate_series(9, 16) h
           where extract(isodow from d) < 6
         ) s
         where t.n >= $1 and t.n < $2`,
        [from, from + chunk],
      );
      slots += result.rowCount ?? 0;
      log(`slots: ${slots} (therapists ${Math.min(from + chunk, therapists)}/${therapists})`);
    }
    await step(
      'clients',
      `insert into users (type, name, email, email_verified_at, onboarding_step)
       select 'CLIENT', 'Klient ' || g, 'klient.' || g || '@stor.exempel.se', now(), 'QUESTIONS_COMPLETED'
       from generate_series(1, $1::int) g`,
      [clients],
    );
    await client.query(`create temp table seeded_clients on commit drop as
      select id, row_number() over (order by id) - 1 as n from users
      where type = 'CLIENT' and email like '%@stor.exempel.se'`);
    await client.query('analyze seeded_clients; analyze users; analyze availability_slots');
    await step(
      'answers',
      `insert into answers (user_id, question_id, value, importance)
       select u.id, q.id, array[o.value],
         case when q.has_importance_scale then 1 + (abs(hashtext(u.id::text || q.id::text)) % 3) end
       from (select id, 'PROVIDER' as kind from seeded_therapists
             union all select id, 'CLIENT' from seeded_clients) u
       cross join questions q
       cross join lateral (
         select value from question_options o
         where o.question_id = q.id and o.user_type::text in ('BOTH', u.kind)
         order by abs(hashtext(u.id::text || o.id::text)) limit 1
       ) o`,
    );
    await step(
      'matches',
      `insert into matches (client_id, provider_id, status, score)
       select c.id, t.id, 'PENDING', 0.5 + (abs(hashtext(c.id::text || t.id::text)) % 50) / 100.0
       from seeded_clients c
       cross join generate_series(0, ${MATCHES_PER_CLIENT - 1}) k
       join seeded_therapists t on t.n = (c.n * 7 + k * 1013) % $1`,
      [therapists],
    );
    await client.query('analyze matches');
    await step(
      'bookings',
      `with chosen as (
         select m.id, row_number() over (order by m.id) - 1 as n
         from matches m join seeded_clients c on c.id = m.client_id
         order by m.id limit $1
       )
       insert into bookings (match_id, status, meeting_format, suggested_times, confirmed_time,
         cancelled_by, cancelled_at, completed_at, expires_at)
       select id, st::booking_status, 'IN_PERSON'::meeting_format,
         array[t]::timestamptz[],
         case when st in ('CONFIRMED', 'COMPLETED') then t end,
         case when st = 'CANCELLED' then 'CLIENT'::cancelled_by end,
         case when st = 'CANCELLED' then now() - interval '1 day' end,
         case when st = 'COMPLETED' then t + interval '1 hour' end,
         case when st = 'PENDING_PROVIDER_CONFIRMATION' then t end
       from (
         select id, n,
           (array['PENDING_PROVIDER_CONFIRMATION','CONFIRMED','CANCELLED','COMPLETED','EXPIRED'])[1 + n % 5] as st,
           -- Open bookings get their slot's time below; the others lie in the past.
           date_trunc('hour', now()) - (1 + n % 500) * interval '1 day' as t
         from chosen
       ) b`,
      [bookings],
    );
    await client.query('analyze bookings');
    // Each open booking holds one of its therapist's slots (a different one per booking).
    await step(
      'held slots',
      `with open as (
         select b.id, b.status, m.provider_id,
           row_number() over (partition by m.provider_id order by b.id) as k
         from bookings b join matches m on m.id = b.match_id
         join seeded_therapists t on t.id = m.provider_id
         where b.status in ('PENDING_PROVIDER_CONFIRMATION', 'CONFIRMED')
       ), slot as (
         select s.id, s.provider_id, s.start_time,
           row_number() over (partition by s.provider_id order by s.start_time desc) as k
         from availability_slots s join seeded_therapists t on t.id = s.provider_id
       ), pair as (
         select open.id as booking_id, open.status, slot.id as slot_id, slot.start_time
         from open join slot on slot.provider_id = open.provider_id and slot.k = open.k
       ), held as (
         update availability_slots s
         set status = case when pair.status = 'CONFIRMED' then 'BOOKED' else 'PENDING' end::slot_status,
             booking_id = pair.booking_id
         from pair where s.id = pair.slot_id
         returning pair.booking_id, pair.start_time, pair.status
       )
       update bookings b set suggested_times = array[held.start_time],
         confirmed_time = case when held.status = 'CONFIRMED' then held.start_time end,
         expires_at = case when held.status = 'PENDING_PROVIDER_CONFIRMATION' then held.start_time end
       from held where b.id = held.booking_id`,
    );
    await step(
      'active matches',
      `update matches m set status = 'ACTIVE'
       from bookings b where b.match_id = m.id and m.status <> 'ACTIVE'`,
    );
    await client.query('commit');
    log('analyze');
    await client.query('analyze');
    const counts = await client.query<{ status: string; n: number }>(
      `select b.status::text, count(*)::int as n from bookings b
       join matches m on m.id = b.match_id join users c on c.id = m.client_id
       where c.email like '%@stor.exempel.se' group by b.status`,
    );
    const matchCount = await client.query<{ n: number }>(
      `select count(*)::int as n from matches m join users c on c.id = m.client_id
       where c.email like '%@stor.exempel.se'`,
    );
    const bookingsByStatus = Object.fromEntries(counts.rows.map((r) => [r.status, r.n]));
    return {
      therapists,
      licenceChecks: checks.rowCount ?? 0,
      clients,
      slots,
      matches: matchCount.rows[0]!.n,
      bookings: counts.rows.reduce((sum, r) => sum + r.n, 0),
      bookingsByStatus,
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
