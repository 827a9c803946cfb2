import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsBuild, sourceStamp } from './build-if-needed.mjs';

describe('needsBuild: `pnpm start` does not rebuild what is built for these sources', () => {
  const stamp = { commit: 'a'.repeat(40), sources: 'hash-1' };
  it('skips the build for the same sources with both outputs present', () => {
    expect(needsBuild({ force: false, stamp, previous: stamp, built: true })).toBe(false);
  });
  it('builds when the sources changed, an output is missing, git is absent or forced', () => {
    expect(
      needsBuild({ force: false, stamp, previous: { ...stamp, sources: 'hash-0' }, built: true }),
    ).toBe(true);
    expect(needsBuild({ force: false, stamp, previous: stamp, built: false })).toBe(true);
    expect(needsBuild({ force: false, stamp, previous: null, built: true })).toBe(true);
    expect(needsBuild({ force: false, stamp: null, previous: stamp, built: true })).toBe(true);
    expect(needsBuild({ force: true, stamp, previous: stamp, built: true })).toBe(true);
  });
});

describe('sourceStamp: what counts as a change', () => {
  let repo;
  const git = (...args) =>
    execFileSync('git', args, { cwd: repo, stdio: ['ignore', 'pipe', 'ignore'] });
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  };

  beforeAll(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'samtalsmatch-stamp-'));
    git('init', '-q');
    write('apps/api/src/server.ts', 'export {};\n');
    write('package.json', '{}\n');
    write('README.md', '# x\n');
    write('.gitignore', 'node_modules/\n');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.se', 'commit', '-qm', 'first');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('is the same for the same commit and files, and names the commit', () => {
    const first = sourceStamp(repo);
    expect(first.commit).toBe(git('rev-parse', 'HEAD').toString().trim());
    expect(sourceStamp(repo)).toEqual(first);
  });

  it('ignores files the build does not read: docs, dist, node_modules', () => {
    const before = sourceStamp(repo);
    write('README.md', '# changed\n');
    write('apps/api/dist/server.js', 'built();\n');
    write('apps/web/node_modules/x/index.js', 'x\n');
    expect(sourceStamp(repo).sources).toBe(before.sources);
  });

  it('changes with an edited source, uncommitted or new', () => {
    const before = sourceStamp(repo);
    write('apps/api/src/server.ts', 'export const changed = 1;\n');
    const edited = sourceStamp(repo);
    expect(edited.sources).not.toBe(before.sources);
    write('packages/contracts/src/new.ts', 'export {};\n');
    expect(sourceStamp(repo).sources).not.toBe(edited.sources);
  });

  it('is null outside a git repository (then it always builds)', () => {
    const plain = mkdtempSync(path.join(tmpdir(), 'samtalsmatch-nogit-'));
    try {
      expect(sourceStamp(plain)).toBeNull();
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
