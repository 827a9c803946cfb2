import type { RequestHandler } from 'express';
import multer from 'multer';
import { MSG, PROFILE_IMAGE_FIELD, PROFILE_IMAGE_MAX_BYTES } from '@samtalsmatch/contracts';
import { AppError } from '../lib/errors';

/**
 * One image file in memory under `field`, at most 5 MB (multer stops
 * reading past the limit), no other files and no text fields. Multer's
 * errors become our Swedish 4xx. What the file IS is decided later from
 * its content (modules/storage/image-processing), never from its name or
 * declared type.
 */
export function singleImageUpload(field: string = PROFILE_IMAGE_FIELD): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: PROFILE_IMAGE_MAX_BYTES,
      files: 1,
      fields: 0,
      parts: 2,
      headerPairs: 50,
    },
  }).single(field);
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) {
        if (!req.file) {
          next(new AppError('VALIDATION', { message: MSG.profileImageMissingFile }));
          return;
        }
        next();
        return;
      }
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') {
          next(new AppError('IMAGE_TOO_LARGE'));
          return;
        }
        next(new AppError('VALIDATION', { message: MSG.profileImageMissingFile }));
        return;
      }
      // busboy: a malformed multipart body is the client's fault.
      next(new AppError('VALIDATION', { message: MSG.profileImageMissingFile }));
    });
  };
}
