import type { Media } from '@learnbuild/domain/schemas/courses';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';

/** Uploads a cover image (multipart field `file`), reporting the share sent so far (0 to 100). */
export async function uploadCover(file: File, onProgress?: (percent: number) => void): Promise<Media> {
  const form = new FormData();
  form.append('file', file);
  const reply = await api.post<{ success: true; media: Media }>('/api/media', form, {
    timeout: 0,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / total) * 100)));
    },
  });
  return reply.data.media;
}

export function useUploadCover() {
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadCover(file, setProgress);
    },
  });
  return { ...mutation, progress };
}
