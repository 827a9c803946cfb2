import { and, desc, eq, ne } from 'drizzle-orm';
import { images, type Executor } from '@samtalsmatch/db';

export type StoredContentType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface NewImage {
  ownerId: string | null;
  contentType: StoredContentType;
  data: Buffer;
  width: number;
  height: number;
}

export interface StoredImage {
  key: string;
  ownerId: string | null;
  contentType: StoredContentType;
  data: Buffer;
  createdAt: Date;
}

/**
 * Where image bytes live. Postgres today (decision 150); an S3-compatible
 * store can implement the same three calls later. Every call takes the
 * executor so a caller can put the image and point a profile at it in one
 * transaction (an object store would write first and clean up on rollback).
 */
export interface ImageStore {
  put(db: Executor, image: NewImage): Promise<string>;
  get(db: Executor, key: string): Promise<StoredImage | undefined>;
  /** Deletes the owner's images other than `keepKey`. */
  deleteOthersOf(db: Executor, ownerId: string, keepKey: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key this store could have made (anything else is not looked up). */
function isImageKey(key: string): boolean {
  return UUID.test(key);
}

export const postgresImageStore: ImageStore = {
  async put(db, image) {
    const [row] = await db
      .insert(images)
      .values({ ...image, byteSize: image.data.length })
      .returning({ key: images.key });
    return row!.key;
  },
  async get(db, key) {
    if (!isImageKey(key)) return undefined;
    const [row] = await db
      .select({
        key: images.key,
        ownerId: images.ownerId,
        contentType: images.contentType,
        data: images.data,
        createdAt: images.createdAt,
      })
      .from(images)
      .where(eq(images.key, key.toLowerCase()))
      .limit(1);
    return row ? { ...row, contentType: row.contentType as StoredContentType } : undefined;
  },
  async deleteOthersOf(db, ownerId, keepKey) {
    await db.delete(images).where(and(eq(images.ownerId, ownerId), ne(images.key, keepKey)));
  },
};

/** The newest image a user uploaded (the profile's image before the first save). */
export async function newestImageKeyOf(db: Executor, ownerId: string): Promise<string | undefined> {
  const rows = await db
    .select({ key: images.key })
    .from(images)
    .where(eq(images.ownerId, ownerId))
    .orderBy(desc(images.createdAt))
    .limit(1);
  return rows[0]?.key;
}
