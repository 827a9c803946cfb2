import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../apps/api/src/test/template';
import { createDb, type DbHandle } from './client';
import { jsonRowReader } from './json-row';
import { users } from './schema/index';

let handle: DbHandle;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  handle = createDb(database.url, { max: 2 });
  dropDatabase = database.drop;
});

afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
});

const userFromJson = jsonRowReader(users);

/** The row as Drizzle selects it, and as row_to_json gives it read by jsonRowReader. */
async function bothReads(id: string, timeZone: string) {
  return handle.db.transaction(async (tx) => {
    // row_to_json writes timestamps in the session's time zone.
    await tx.execute(sql`select set_config('TimeZone', ${timeZone}, true)`);
    const [selected] = await tx.select().from(users).where(eq(users.id, id));
    const { rows } = await tx.execute<{ j: Record<string, unknown> }>(
      sql`select row_to_json(${users}) as j from ${users} where ${users.id} = ${id}`,
    );
    return { selected: selected!, read: userFromJson(rows[0]!.j) };
  });
}

describe('jsonRowReader', () => {
  it('reads a users row from row_to_json exactly as Drizzle selects it: every column, times to the millisecond', async () => {
    const id = randomUUID();
    await handle.db.insert(users).values({
      id,
      type: 'PROVIDER',
      name: 'Åsa Öberg',
      email: `${id}@example.se`,
      // Microseconds that JavaScript's Date does not keep: both reads drop them alike.
      emailVerifiedAt: sql`'2026-03-29 01:59:59.123456+00'::timestamptz`,
      passwordHash: 'hash',
      phoneNumber: '070-123 45 67',
      street: 'Storgatan 1',
      city: 'Malmö',
      zip: '211 34',
      onboardingStep: 'ONBOARDING_COMPLETED',
      sessionVersion: 7,
      discreetMail: false,
      discreetMailChangedAt: new Date('2026-10-25T00:30:00.000Z'),
      discreetMailDialogVersion: 2,
    });
    for (const timeZone of ['UTC', 'Europe/Stockholm', 'America/St_Johns']) {
      const { selected, read } = await bothReads(id, timeZone);
      expect(read).toEqual(selected);
      expect(read.emailVerifiedAt).toEqual(new Date('2026-03-29T01:59:59.123Z'));
      expect(read.discreetMail).toBe(false);
      expect(read.sessionVersion).toBe(7);
    }
  });

  it('keeps null as null and reads a row with only the required columns', async () => {
    const id = randomUUID();
    await handle.db
      .insert(users)
      .values({ id, type: 'CLIENT', name: 'Bo', onboardingStep: 'USER_CREATED' });
    const { selected, read } = await bothReads(id, 'Europe/Stockholm');
    expect(read).toEqual(selected);
    expect(read.email).toBeNull();
    expect(read.erasedAt).toBeNull();
    expect(Object.keys(read).sort()).toEqual(Object.keys(selected).sort());
  });
});
