import { Router } from 'express';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { ImageStore } from './image-store';
import { verifyImageUrl } from './signed-url';

/**
 * `GET /images/{key}?exp=..&sig=..`: a stored image, only through a valid,
 * unexpired signed URL (403 otherwise, the same for an unknown key, so
 * keys cannot be probed). Mounted before the session: the signature is
 * the permission.
 */
export function imagesRouter({
  config,
  database,
  store,
}: {
  config: Config;
  database: DbHandle;
  store: ImageStore;
}): Router {
  const router = Router();
  router.get('/images/:key', async (req, res) => {
    const key = req.params.key;
    const now = Date.now();
    const check = verifyImageUrl(config.imageUrlSecret, key, req.query.exp, req.query.sig, now);
    if (!check.ok) throw new AppError('IMAGE_LINK_INVALID');
    const image = await store.get(database.db, key);
    if (!image) throw new AppError('NOT_FOUND');
    const maxAge = Math.max(0, Math.floor((check.expiresAt - now) / 1000));
    res
      .status(200)
      .set({
        'content-type': image.contentType,
        'content-length': String(image.data.length),
        'x-content-type-options': 'nosniff',
        'cache-control': `private, max-age=${maxAge}`,
        'content-disposition': 'inline',
        'cross-origin-resource-policy': 'same-origin',
      })
      .end(image.data);
  });
  return router;
}
