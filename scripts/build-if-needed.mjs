// `pnpm start` builds only when the sources changed since the last build:
// the stamp in apps/api/dist/build-stamp.json holds a hash of every source
// file (tracked or new, as git sees them) and the git commit it was built at.
// `pnpm build` always builds (and writes the stamp through this script too).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'apps/api/dist/build-stamp.json');
const outputs = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];
// What the build reads: the apps, the packages and the workspace's settings.
const inputs = ['apps', 'packages', 'package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];

function git(args, cwd = root) {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/**
 * sha256 over the paths and contents of the build's inputs, and the commit
 * when git knows it (`dir`: the repository, for tests).
 */
export function sourceStamp(dir = root) {
  let files;
  let commit = null;
  try {
    files = git(['ls-files', '-co', '--exclude-standard', '-z', '--', ...inputs], dir)
      .split('\0')
      .filter(Boolean);
    commit = git(['rev-parse', 'HEAD'], dir).trim();
  } catch {
    return null; // no git: always build
  }
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    if (/(^|\/)(dist|node_modules)\//.test(file)) continue;
    const full = path.join(dir, file);
    if (!existsSync(full)) continue; // deleted but still listed
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return { commit, sources: hash.digest('hex') };
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

/** pnpm as it runs this script (npm_execpath), else the one on PATH. */
function pnpm(args) {
  const execPath = process.env.npm_execpath;
  return execPath && /\.c?js$/.test(execPath)
    ? spawnSync(process.execPath, [execPath, ...args], { cwd: root, stdio: 'inherit' })
    : spawnSync('pnpm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
}

/**
 * Whether to build: always when forced, without git (no stamp), when an
 * output is missing or the sources differ from the last build's stamp; not
 * for the same sources (the same commit with no local change).
 */
export function needsBuild({ force, stamp, previous, built }) {
  return force || !stamp || !built || previous?.sources !== stamp.sources;
}

/** Builds web and API unless the stamp says these sources are built already; the exit code. */
export function buildIfNeeded({ force = false } = {}) {
  const stamp = sourceStamp();
  const previous = readStamp();
  const built = outputs.every((file) => existsSync(path.join(root, file)));
  if (!needsBuild({ force, stamp, previous, built })) {
    console.log(
      `Already built for commit ${stamp.commit.slice(0, 12)} with these sources: not rebuilding.`,
    );
    return 0;
  }
  for (const pkg of ['@samtalsmatch/web', '@samtalsmatch/api']) {
    const result = pnpm(['--filter', pkg, 'build']);
    if (result.status !== 0) return result.status ?? 1;
  }
  if (stamp) {
    mkdirSync(path.dirname(stampFile), { recursive: true });
    const body = { ...stamp, builtAt: new Date().toISOString() };
    writeFileSync(stampFile, `${JSON.stringify(body, null, 2)}\n`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildIfNeeded({ force: process.argv.includes('--force') }));
}
