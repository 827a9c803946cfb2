import sharp from 'sharp';

type Rgb = readonly [number, number, number];

export interface AvatarDesign {
  /** The design's name (DemoProvider.profile.avatar). */
  name: string;
  /** Gradient from the top-left corner to the bottom-right corner. */
  from: Rgb;
  to: Rgb;
  /** Soft translucent discs laid over the gradient: centre, radius (0-1 of the size), colour, opacity. */
  discs: readonly { x: number; y: number; r: number; colour: Rgb; alpha: number }[];
}

/**
 * The demo providers' profile images: abstract, calm gradients with a few
 * discs. No portraits, no initials, nothing that looks like a real person.
 */
export const AVATAR_DESIGNS: readonly AvatarDesign[] = [
  {
    name: 'anna',
    from: [38, 110, 112],
    to: [167, 201, 171],
    discs: [
      { x: 0.3, y: 0.35, r: 0.26, colour: [244, 239, 222], alpha: 0.55 },
      { x: 0.72, y: 0.68, r: 0.2, colour: [22, 78, 84], alpha: 0.45 },
      { x: 0.78, y: 0.22, r: 0.1, colour: [255, 255, 255], alpha: 0.35 },
    ],
  },
  {
    name: 'erik',
    from: [40, 52, 110],
    to: [118, 170, 214],
    discs: [
      { x: 0.62, y: 0.4, r: 0.3, colour: [205, 226, 245], alpha: 0.45 },
      { x: 0.25, y: 0.75, r: 0.18, colour: [24, 32, 78], alpha: 0.5 },
      { x: 0.2, y: 0.2, r: 0.08, colour: [255, 255, 255], alpha: 0.4 },
    ],
  },
  {
    name: 'sara',
    from: [176, 84, 60],
    to: [246, 196, 160],
    discs: [
      { x: 0.5, y: 0.5, r: 0.32, colour: [255, 236, 214], alpha: 0.4 },
      { x: 0.22, y: 0.28, r: 0.14, colour: [122, 46, 34], alpha: 0.45 },
      { x: 0.8, y: 0.8, r: 0.12, colour: [255, 250, 240], alpha: 0.5 },
    ],
  },
  {
    name: 'okand',
    from: [96, 100, 112],
    to: [190, 180, 214],
    discs: [
      { x: 0.4, y: 0.6, r: 0.28, colour: [236, 232, 246], alpha: 0.4 },
      { x: 0.75, y: 0.3, r: 0.16, colour: [70, 72, 88], alpha: 0.4 },
    ],
  },
];

export const AVATAR_SIZE = 256;

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * Renders one design as a size × size PNG with sharp (the SVG below is our
 * own, never user input): the gradient, then the discs with their opacity.
 * sharp writes no metadata.
 */
export async function renderAvatar(design: AvatarDesign, size = AVATAR_SIZE): Promise<Buffer> {
  const discs = design.discs
    .map(
      (d) =>
        `<circle cx="${d.x * size}" cy="${d.y * size}" r="${d.r * size}" fill="${hex(d.colour)}" fill-opacity="${d.alpha}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hex(design.from)}"/><stop offset="1" stop-color="${hex(design.to)}"/>
  </linearGradient></defs>
  <rect width="${size}" height="${size}" fill="url(#g)"/>${discs}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** The design called `name`; throws for an unknown one. */
export function avatarDesign(name: string): AvatarDesign {
  const design = AVATAR_DESIGNS.find((d) => d.name === name);
  if (!design) throw new Error(`unknown avatar design "${name}"`);
  return design;
}
