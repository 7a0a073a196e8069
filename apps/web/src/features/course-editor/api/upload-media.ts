import type { Media } from '@learnbuild/domain/schemas/courses';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';

/**
 * Sends one file as multipart field `file`, reporting the share sent so far (0 to 100).
 * Videos may be large and slow: no timeout, so a long upload is not cut off at 30 s.
 */
export async function uploadMedia(file: File, onProgress?: (percent: number) => void): Promise<Media> {
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

/** An upload with its progress, for a progress bar. */
export function useUploadMedia() {
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadMedia(file, setProgress);
    },
  });
  return { ...mutation, progress };
}
