import { PROFILE_IMAGE_FIELD, type UploadProfileImageResponse } from '@samtalsmatch/contracts';
import { api } from '@/lib/api-client';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /profiles/upload, multipart with the file in `profileImage`. */
export function uploadProfileImage(file: File): Promise<UploadProfileImageResponse> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, file);
  return api.postForm('/profiles/upload', form);
}

export function useUploadProfileImage() {
  return useChangeMutation({ mutationFn: uploadProfileImage });
}
