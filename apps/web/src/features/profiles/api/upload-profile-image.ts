import { PROFILE_IMAGE_FIELD, type UploadProfileImageResponse } from '@samtalsmatch/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /profiles/upload, multipart with the file in `profileImage`. */
export function uploadProfileImage(file: File): Promise<UploadProfileImageResponse> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, file);
  return api.postForm('/profiles/upload', form);
}

export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}
