import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, runMigrations } from '@samtalsmatch/db';
import { startEmbeddedPostgres } from '@samtalsmatch/db/embedded';
import { seedDatabase } from '@samtalsmatch/db/seed';

import { TEMPLATE_DB, withDatabase } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * Starts one real PostgreSQL for the whole API test run (embedded, in a temp
 * folder; or the server of TEST_DATABASE_ADMIN_URL), migrates a template
 * database with the questionnaire seeded, and hands the admin URL to the
 * tests, which clone the template into a database of their own.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  let stop: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'samtalsmatch-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir, database: 'postgres' });
    adminUrl = embedded.adminUrl;
    stop = embedded.stop;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();

  const template = createDb(withDatabase(adminUrl, TEMPLATE_DB), { max: 2 });
  await runMigrations(template.pool);
  await seedDatabase(template, { demoData: false });
  await template.close();

  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    await stop?.();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
