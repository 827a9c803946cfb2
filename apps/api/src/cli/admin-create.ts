/**
 * `pnpm admin:create --personnummer 19770515-2390 --name "För Efternamn" --email a@b.se`
 *
 * Creates an admin account (BankID only: no password). Admin accounts are
 * never made through the web. Uses DATABASE_URL, or, without it, the
 * embedded PostgreSQL in DATA_DIR (stop the server first: one process at a
 * time may run it). Needs the same SSN_ENCRYPTION_KEY and SSN_HASH_KEY as the
 * server, or the admin's BankID sign-in will not find the account.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createDb, REPO_ROOT, runMigrations } from '@samtalsmatch/db';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@samtalsmatch/db/embedded';
import { loadConfig } from '../config';
import { createSsnCrypto } from '../lib/crypto';
import { formatPersonnummer, normalisePersonnummer } from '../lib/personnummer';
import {
  AdminAccountExistsError,
  createAdminAccount,
  createAdminInputSchema,
} from '../modules/admin/admin-accounts';

const USAGE =
  'Användning: pnpm admin:create --personnummer ÅÅÅÅMMDD-NNNN --name "Förnamn Efternamn" --email namn@exempel.se';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      personnummer: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const parsed = createAdminInputSchema.safeParse(values);
  if (!parsed.success) {
    fail(
      [...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), USAGE].join('\n'),
    );
  }

  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dataDir = path.resolve(REPO_ROOT, config.dataDir, 'postgres');
    try {
      embedded = await startEmbeddedPostgres({ dataDir });
    } catch {
      fail(
        `Kunde inte starta den inbyggda databasen i ${dataDir}. Kör servern? Stoppa den först, eller ange DATABASE_URL.`,
      );
    }
    databaseUrl = embedded.url;
  }
  const database = createDb(databaseUrl);
  try {
    await runMigrations(database.pool);
    const admin = await createAdminAccount(
      database.db,
      createSsnCrypto(config.ssnKeys),
      parsed.data,
    );
    const ssn = formatPersonnummer(normalisePersonnummer(parsed.data.personnummer)!);
    console.log(
      `Administratören ${admin.name} <${admin.email}> är skapad (id ${admin.id}). ` +
        `Inloggning sker med BankID (${ssn}).`,
    );
  } catch (err) {
    if (err instanceof AdminAccountExistsError) fail(err.message);
    if (err instanceof z.ZodError) fail(err.issues.map((i) => i.message).join('\n'));
    throw err;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
