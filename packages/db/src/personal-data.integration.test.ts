import { randomUUID } from 'node:crypto';
import { TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../apps/api/src/test/template';
import { createDb, type DbHandle } from './client';
import {
  CONSENT_WITHDRAWAL_DELETES,
  deleteRowsOf,
  ERASURE_DELETES,
  INACTIVE_ANSWERS_DELETES,
  PERSONAL_COLUMN_NAME,
  PERSONAL_DATA,
  type PersonalDataTable,
} from './personal-data';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * The registry of personal data against the MIGRATED schema (information_schema
 * of a database cloned from the migrated test template): every table with a
 * foreign key to users, and every column named like a person's data, must be
 * in PERSONAL_DATA (docs/rules/privacy.md#one-registry-of-a-persons-data).
 */

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

const registry: Record<string, PersonalDataTable> = PERSONAL_DATA;

function listed(table: string, column: string): boolean {
  const entry = registry[table];
  return entry !== undefined && (column in entry.refersTo || column in entry.holds);
}

/** What the next engineer pastes into packages/db/src/personal-data.ts for a missing table. */
function entryTemplate(table: string, refersTo: string[], holds: string[]): string {
  const refs = refersTo.map((c) => `${c}: '<whose id>'`).join(', ');
  const data = holds.map((c) => `${c}: '<what it holds>'`).join(', ');
  const first = refersTo[0] ?? holds[0] ?? '<column>';
  return [
    `  ${table}: {`,
    `    about: '<what a row is>',`,
    `    refersTo: { ${refs} },`,
    `    holds: { ${data} },`,
    `    export: { sections: ['<section of GET /users/me/export, or none>'], shows: '<what the file shows, or why not>' },`,
    `    erasure: { action: 'delete', rows: (p) => sql\`${first} = \${p.id}\`, does: '<or tombstone / keep-id / mixed with a step>' },`,
    `    retention: { steps: [], does: '<kept while the account lives, or the steps that remove it>' },`,
    `    consentWithdrawal: { action: 'keep', does: '<or delete with rows, when it is made from the answers>' },`,
    `  },`,
  ].join('\n');
}

describe('the registry of personal data', () => {
  it('has every table with a foreign key to users, and every column named like personal data', async () => {
    const { rows: foreignKeys } = await handle.pool.query<{
      table_name: string;
      column_name: string;
    }>(`
      select distinct kcu.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
        and ccu.table_name = 'users'
      order by 1, 2
    `);
    const { rows: columns } = await handle.pool.query<{ table_name: string; column_name: string }>(`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by 1, 2
    `);
    // Sanity: the query sees the schema (a broken query must not pass as "nothing missing").
    expect(foreignKeys.length).toBeGreaterThan(10);
    expect(columns.some((c) => c.table_name === 'users' && c.column_name === 'email')).toBe(true);

    const missing = new Map<string, { refersTo: Set<string>; holds: Set<string> }>();
    const add = (table: string, column: string, kind: 'refersTo' | 'holds') => {
      if (listed(table, column)) return;
      const m = missing.get(table) ?? { refersTo: new Set(), holds: new Set() };
      m[kind].add(column);
      missing.set(table, m);
    };
    for (const fk of foreignKeys) add(fk.table_name, fk.column_name, 'refersTo');
    for (const c of columns) {
      if (PERSONAL_COLUMN_NAME.test(c.column_name)) add(c.table_name, c.column_name, 'holds');
    }

    const advice = [...missing.entries()].map(([table, m]) => {
      const refersTo = [...m.refersTo];
      const holds = [...m.holds].filter((c) => !m.refersTo.has(c));
      if (registry[table] === undefined) {
        return `- table "${table}" is not in PERSONAL_DATA. Add an entry:\n${entryTemplate(table, refersTo, holds)}`;
      }
      const lines = [
        ...refersTo.map(
          (c) =>
            `- "${table}.${c}" points to users: add ${c}: '<whose id>' to PERSONAL_DATA.${table}.refersTo, and check its erasure, retention, export and consentWithdrawal still hold`,
        ),
        ...holds.map(
          (c) =>
            `- "${table}.${c}" is named like a person's data: add ${c}: '<what it holds>' to PERSONAL_DATA.${table}.holds, and check its erasure, retention, export and consentWithdrawal still hold`,
        ),
      ];
      return lines.join('\n');
    });
    const message = [
      'Personal data missing from the registry (packages/db/src/personal-data.ts).',
      'Say for each what the export shows, what erasure, retention and a withdrawn consent do;',
      'see docs/rules/privacy.md#one-registry-of-a-persons-data.',
      ...advice,
    ].join('\n');
    expect(missing.size === 0 ? '' : message).toBe('');
  });

  it('names only tables and columns that exist in the migrated schema', async () => {
    const { rows } = await handle.pool.query<{ table_name: string; column_name: string }>(`
      select table_name, column_name from information_schema.columns where table_schema = 'public'
    `);
    const existing = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
    const stale: string[] = [];
    for (const [table, entry] of Object.entries(registry)) {
      for (const column of [...Object.keys(entry.refersTo), ...Object.keys(entry.holds)]) {
        if (!existing.has(`${table}.${column}`)) stale.push(`${table}.${column}`);
      }
    }
    expect(stale, 'registry entries for columns that are no longer in the schema').toEqual([]);
  });

  it('its delete conditions run against the schema (erasure, withdrawal, retention)', async () => {
    const person = { id: randomUUID(), email: 'someone@exempel.se', emailSetAt: new Date() };
    const statements = [
      ...ERASURE_DELETES,
      ...CONSENT_WITHDRAWAL_DELETES,
      ...INACTIVE_ANSWERS_DELETES,
    ];
    expect(statements.length).toBeGreaterThan(10);
    const ran = handle.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(deleteRowsOf(statement, person));
      tx.rollback();
    });
    // rollback() ends the transaction by throwing; a broken condition throws a database error.
    await expect(ran).rejects.toBeInstanceOf(TransactionRollbackError);
  });

  it('recognises the names of personal data as whole words', () => {
    for (const name of [
      'email',
      'to_address',
      'reader_name',
      'phone_number',
      'ip',
      'client_ip',
      'messages',
      'answer_text',
      'ssn_hash',
      'e_mail',
    ])
      expect(PERSONAL_COLUMN_NAME.test(name), name).toBe(true);
    for (const name of ['description', 'recipient_count', 'shipped_at', 'key', 'id', 'renamed'])
      expect(PERSONAL_COLUMN_NAME.test(name), name).toBe(false);
  });
});
