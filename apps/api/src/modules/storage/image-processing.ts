import sharp, { type Metadata } from 'sharp';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MAX_PIXELS,
  PROFILE_IMAGE_MAX_SIDE,
} from '@samtalsmatch/contracts';
import { AppError } from '../../lib/errors';
import type { NewImage } from './image-store';

// One decode at a time per process is plenty for profile images, and keeps
// a burst of uploads from taking every core.
sharp.concurrency(1);
sharp.cache(false);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** 'jpeg' or 'png' from the first bytes of the file; the name and declared type are ignored. */
function sniffImageType(data: Buffer): 'jpeg' | 'png' | undefined {
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpeg';
  return undefined;
}

/**
 * Turns an uploaded file into the image we store:
 * 1. JPEG or PNG by its magic bytes (a script renamed .png stops here);
 * 2. the header's width × height at most 40 megapixels, read WITHOUT
 *    decoding (a decompression bomb stops here), and sharp's own
 *    limitInputPixels as a second lock during the decode;
 * 3. decoded and re-encoded: rotated upright by its EXIF orientation, at most
 *    1024 px on the longest side, every metadata block (EXIF, GPS, XMP, ICC,
 *    text chunks) dropped, and anything after the image data (a PNG/HTML
 *    polyglot's HTML) gone with the old bytes. JPEG stays JPEG; PNG stays
 *    PNG (it may carry transparency).
 */
export async function processProfileImage(data: Buffer, ownerId: string | null): Promise<NewImage> {
  if (data.length > PROFILE_IMAGE_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  const sniffed = sniffImageType(data);
  if (!sniffed) throw new AppError('IMAGE_INVALID');
  const options = { limitInputPixels: PROFILE_IMAGE_MAX_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    // Reads the header only (no pixels are decoded), so the size check below
    // sees a bomb's claimed dimensions without paying for them.
    metadata = await sharp(data, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError('IMAGE_INVALID');
  }
  if (metadata.format !== sniffed || !metadata.width || !metadata.height) {
    throw new AppError('IMAGE_INVALID');
  }
  if (metadata.width * metadata.height > PROFILE_IMAGE_MAX_PIXELS) {
    throw new AppError('IMAGE_TOO_MANY_PIXELS');
  }
  try {
    const pipeline = sharp(data, options).rotate().resize({
      width: PROFILE_IMAGE_MAX_SIDE,
      height: PROFILE_IMAGE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const { data: out, info } =
      sniffed === 'png'
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
        : await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return {
      ownerId,
      contentType: sniffed === 'png' ? 'image/png' : 'image/jpeg',
      data: out,
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    if (/pixel limit/i.test(String(err))) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    throw new AppError('IMAGE_INVALID');
  }
}
