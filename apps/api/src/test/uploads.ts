import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestClient } from './harness';

/** POST /api/profiles/upload with one file part, as a browser's FormData would. */
export async function uploadImage(
  client: TestClient,
  baseUrl: string,
  data: Buffer,
  options: { filename?: string; type?: string; field?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.append(
    options.field ?? 'profileImage',
    new Blob([new Uint8Array(data)], { type: options.type ?? 'image/png' }),
    options.filename ?? 'bild.png',
  );
  return fetch(`${baseUrl}/api/profiles/upload`, {
    method: 'POST',
    headers: {
      'x-csrf-token': await client.csrfToken(),
      cookie: client.cookieHeader(),
      accept: 'application/json',
    },
    body: form,
  });
}

/** A small real image made by sharp. */
export function makeImage(format: 'png' | 'jpeg', width = 64, height = 48): Promise<Buffer> {
  const img = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 110 } },
  });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header that says width × height (say
 * 30 000 × 30 000 = 900 megapixels) over a few hundred bytes of deflated
 * zeros. Decoding it would need gigabytes.
 */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // compression, filter, interlace: 0
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
