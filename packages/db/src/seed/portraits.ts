import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DB_PACKAGE_DIR } from '../paths';

/**
 * The demo therapists' portraits: illustrations drawn for Samtalsmatch as SVG
 * files in `portraits/` (one per demo therapist, named in
 * DemoProvider.profile.portrait). Drawn people, not photos of real ones.
 */
const PORTRAITS_DIR = path.join(DB_PACKAGE_DIR, 'src', 'seed', 'portraits');

/** Side of the stored square PNG: twice the largest place it is shown (176 CSS px). */
export const PORTRAIT_SIZE = 384;

/** The portraits' names: the SVG files in PORTRAITS_DIR without '.svg'. */
export function portraitNames(): string[] {
  return readdirSync(PORTRAITS_DIR)
    .filter((file) => file.endsWith('.svg'))
    .map((file) => file.slice(0, -'.svg'.length))
    .sort();
}

/**
 * Rasterises the portrait called `name` with sharp into a size × size PNG,
 * as an upload is stored (decision 150): no metadata. The SVG files are our
 * own, never user input. Throws for a name without a file.
 */
export async function renderPortrait(name: string, size = PORTRAIT_SIZE): Promise<Buffer> {
  if (!/^[a-z]+$/.test(name)) throw new Error(`not a portrait name: "${name}"`);
  const svg = readFileSync(path.join(PORTRAITS_DIR, `${name}.svg`));
  return sharp(svg, { density: 72 * (size / 400) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
