/**
 * Regenerates the demo avatars under packages/db/seed-assets/ (they are
 * checked in; run this only after changing AVATAR_DESIGNS):
 *   cd packages/db && npx tsx src/seed/generate-avatars.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEED_ASSETS_DIR } from '../paths';
import { AVATAR_DESIGNS, renderAvatar } from './avatars';

await mkdir(SEED_ASSETS_DIR, { recursive: true });
for (const design of AVATAR_DESIGNS) {
  const file = path.join(SEED_ASSETS_DIR, design.file);
  await writeFile(file, renderAvatar(design));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
