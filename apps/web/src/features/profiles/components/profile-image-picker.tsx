import {
  MSG,
  PROFILE_IMAGE_MAX_BYTES,
  isAllowedProfileImage,
  type UploadProfileImageResponse,
} from '@samtalsmatch/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { PROFILES_TEXTS } from '../texts';

/** The same checks the server makes on the name, type and size, before anything is sent. */
export function profileImageProblem(file: File): string | null {
  if (!isAllowedProfileImage(file.name, file.type || undefined)) return MSG.profileImageType;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return MSG.profileImageTooLarge;
  return null;
}

/**
 * The profile image: a file picker (jpg, jpeg, png, at most 5 MB) that
 * uploads the chosen image at once and shows it. `error` is the form's
 * message ('Profilbild är obligatorisk'); a wrong file shows its own.
 */
export function ProfileImagePicker({
  initialUrl,
  error,
  onUploaded,
}: {
  initialUrl: string | null;
  error?: string | undefined;
  onUploaded: (result: UploadProfileImageResponse) => void;
}) {
  const id = useId();
  const upload = useUploadProfileImage();
  const [preview, setPreview] = useState<string | null>(initialUrl);
  const [problem, setProblem] = useState<string | null>(null);
  const objectUrl = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  function showLocal(file: File): string | null {
    if (typeof URL.createObjectURL !== 'function') return null;
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = URL.createObjectURL(file);
    return objectUrl.current;
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    const local = profileImageProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (result) => {
        setPreview(showLocal(file) ?? result.profileImageSignedUrl);
        onUploaded(result);
      },
      onError: (e) => setProblem(errorMessage(e, { alsoShowServerMessageFor: [413] })),
    });
  }

  const shown = problem ?? error;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-stone-900">
        {PROFILES_TEXTS.image}
      </label>
      <div className="mt-2 flex items-center gap-4">
        <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-full border border-stone-300 bg-stone-100">
          {preview ? (
            <img
              src={preview}
              alt={PROFILES_TEXTS.imageAlt}
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="px-2 text-center text-xs text-stone-700">
              {PROFILES_TEXTS.noImage}
            </span>
          )}
        </div>
        <div className="min-w-0">
          {/* The browser's own file button speaks the browser's language: a Swedish one instead. */}
          <input
            ref={input}
            id={id}
            type="file"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${hintId}${shown ? ` ${errorId}` : ''}`}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
            tabIndex={-1}
            className="sr-only"
          />
          <Button
            variant="secondary"
            onClick={() => input.current?.click()}
            aria-describedby={`${hintId}${shown ? ` ${errorId}` : ''}`}
            disabled={upload.isPending}
          >
            {preview ? PROFILES_TEXTS.changeImage : PROFILES_TEXTS.chooseImage}
          </Button>
          <p id={hintId} className="mt-1 text-sm text-stone-700">
            {PROFILES_TEXTS.imageHint}
          </p>
          {upload.isPending ? (
            <p role="status" className="mt-1 text-sm text-stone-700">
              {PROFILES_TEXTS.uploading}
            </p>
          ) : null}
        </div>
      </div>
      {shown ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-danger-700">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
