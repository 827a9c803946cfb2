import { createRequire } from 'node:module';
import path from 'node:path';

// Resolved through the package itself, so it holds both when run from source
// and when the API is bundled into apps/api/dist.
const require = createRequire(import.meta.url);
export const DB_PACKAGE_DIR = path.dirname(require.resolve('@samtalsmatch/db/package.json'));
export const MIGRATIONS_DIR = path.join(DB_PACKAGE_DIR, 'migrations');
export const SEED_ASSETS_DIR = path.join(DB_PACKAGE_DIR, 'seed-assets');

/** The repository root: the folder that holds pnpm-workspace.yaml. */
export const REPO_ROOT = path.resolve(DB_PACKAGE_DIR, '..', '..');
