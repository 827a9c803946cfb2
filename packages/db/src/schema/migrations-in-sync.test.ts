import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_PACKAGE_DIR, MIGRATIONS_DIR } from '../paths';

/**
 * The checked-in migrations are what drizzle-kit makes of the schema: asking
 * it to generate from a copy of them must find nothing to do. A schema change
 * without `pnpm db:generate` fails here, not on someone's database.
 */
describe('migrations and schema', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'samtalsmatch-drift-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('drizzle-kit generates no new migration from the schema', () => {
    const out = path.join(work, 'migrations');
    cpSync(MIGRATIONS_DIR, out, { recursive: true });
    const before = readdirSync(out).sort();
    const config = path.join(work, 'drizzle.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        dialect: 'postgresql',
        schema: './src/schema/index.ts',
        // drizzle-kit reads both relative to its working directory.
        out: path.relative(DB_PACKAGE_DIR, out),
        strict: true,
      }),
    );
    const bin = path.join(DB_PACKAGE_DIR, 'node_modules', '.bin', 'drizzle-kit');
    const output = execFileSync(bin, ['generate', `--config=${config}`], {
      cwd: DB_PACKAGE_DIR,
      encoding: 'utf8',
    });
    expect(readdirSync(out).sort()).toEqual(before);
    expect(output).toMatch(/No schema changes/);
  }, 60_000);
});
