import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The folder of this package, found through the package itself, so it holds
 * both when run from source and when the API is bundled into apps/api/dist.
 * The package's `exports` do not list './package.json', so resolve its main
 * entry ('.') and walk up to the package.json that names this package.
 */
function findPackageDir(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@samtalsmatch/db'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@samtalsmatch/db') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('could not find the @samtalsmatch/db package folder');
    dir = parent;
  }
}

export const DB_PACKAGE_DIR = findPackageDir();
export const MIGRATIONS_DIR = path.join(DB_PACKAGE_DIR, 'migrations');

/** The repository root: the folder that holds pnpm-workspace.yaml. */
export const REPO_ROOT = path.resolve(DB_PACKAGE_DIR, '..', '..');
