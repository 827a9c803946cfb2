import { describe, expect, it } from 'vitest';
import { largeSeedRefusal, NOT_PRODUCTION_FLAG } from './large';

describe('largeSeedRefusal', () => {
  it('refuses production whatever the database', () => {
    expect(largeSeedRefusal({ NODE_ENV: 'production' }, [])).toMatch(/production/);
    expect(
      largeSeedRefusal({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@127.0.0.1/db' }, [
        NOT_PRODUCTION_FLAG,
      ]),
    ).toMatch(/production/);
  });

  it('allows the embedded database and one on this machine', () => {
    expect(largeSeedRefusal({}, [])).toBeUndefined();
    expect(
      largeSeedRefusal({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }, []),
    ).toBeUndefined();
    expect(largeSeedRefusal({ DATABASE_URL: 'postgres://u:p@localhost/db' }, [])).toBeUndefined();
    expect(largeSeedRefusal({ DATABASE_URL: 'postgres://u:p@[::1]:5432/db' }, [])).toBeUndefined();
  });

  it('refuses a database on another machine unless told it is not production', () => {
    const env = { DATABASE_URL: 'postgres://u:p@db.example.se:5432/samtalsmatch' };
    expect(largeSeedRefusal(env, [])).toMatch(/--not-production/);
    expect(largeSeedRefusal(env, [NOT_PRODUCTION_FLAG])).toBeUndefined();
  });
});
