import { encodePng } from './png';

type Rgb = readonly [number, number, number];

export interface AvatarDesign {
  /** File name under packages/db/seed-assets/. */
  file: string;
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
    file: 'anna.png',
    from: [38, 110, 112],
    to: [167, 201, 171],
    discs: [
      { x: 0.3, y: 0.35, r: 0.26, colour: [244, 239, 222], alpha: 0.55 },
      { x: 0.72, y: 0.68, r: 0.2, colour: [22, 78, 84], alpha: 0.45 },
      { x: 0.78, y: 0.22, r: 0.1, colour: [255, 255, 255], alpha: 0.35 },
    ],
  },
  {
    file: 'erik.png',
    from: [40, 52, 110],
    to: [118, 170, 214],
    discs: [
      { x: 0.62, y: 0.4, r: 0.3, colour: [205, 226, 245], alpha: 0.45 },
      { x: 0.25, y: 0.75, r: 0.18, colour: [24, 32, 78], alpha: 0.5 },
      { x: 0.2, y: 0.2, r: 0.08, colour: [255, 255, 255], alpha: 0.4 },
    ],
  },
  {
    file: 'sara.png',
    from: [176, 84, 60],
    to: [246, 196, 160],
    discs: [
      { x: 0.5, y: 0.5, r: 0.32, colour: [255, 236, 214], alpha: 0.4 },
      { x: 0.22, y: 0.28, r: 0.14, colour: [122, 46, 34], alpha: 0.45 },
      { x: 0.8, y: 0.8, r: 0.12, colour: [255, 250, 240], alpha: 0.5 },
    ],
  },
  {
    file: 'okand.png',
    from: [96, 100, 112],
    to: [190, 180, 214],
    discs: [
      { x: 0.4, y: 0.6, r: 0.28, colour: [236, 232, 246], alpha: 0.4 },
      { x: 0.75, y: 0.3, r: 0.16, colour: [70, 72, 88], alpha: 0.4 },
    ],
  },
];

export const AVATAR_SIZE = 256;

/** Renders one design as a size × size PNG (anti-aliased disc edges). */
export function renderAvatar(design: AvatarDesign, size = AVATAR_SIZE): Buffer {
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const t = (x + y) / (2 * (size - 1));
      let r = design.from[0] + (design.to[0] - design.from[0]) * t;
      let g = design.from[1] + (design.to[1] - design.from[1]) * t;
      let b = design.from[2] + (design.to[2] - design.from[2]) * t;
      for (const disc of design.discs) {
        const dx = x + 0.5 - disc.x * size;
        const dy = y + 0.5 - disc.y * size;
        const edge = disc.r * size - Math.sqrt(dx * dx + dy * dy);
        const coverage = Math.min(1, Math.max(0, edge + 0.5));
        const a = coverage * disc.alpha;
        r += (disc.colour[0] - r) * a;
        g += (disc.colour[1] - g) * a;
        b += (disc.colour[2] - b) * a;
      }
      const i = (y * size + x) * 3;
      rgb[i] = Math.round(r);
      rgb[i + 1] = Math.round(g);
      rgb[i + 2] = Math.round(b);
    }
  }
  return encodePng(size, size, rgb);
}
