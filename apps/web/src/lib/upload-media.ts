import type { Media } from '@learnbuild/domain/schemas/courses';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from './api-client';

/**
 * Sends one file as multipart field `file`, reporting the share sent so far (0 to 100).
 * Videos may be large and slow: no timeout, so a long upload is not cut off at 30 s.
 */
async function uploadMedia(file: File, onProgress?: (percent: number) => void): Promise<Media> {
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
function useUploadMedia() {
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadMedia(file, setProgress);
    },
  });
  return { ...mutation, progress };
}

/** What an upload field takes: the file types, the largest size, and what to say about a wrong type. */
export interface MediaRule {
  types: readonly string[];
  maxBytes: number;
  wrongType: string;
  /** "image" or "video", for the size message. */
  noun: string;
}

/** The file's problem before it is sent (the server checks again, by the bytes), or null. */
export function mediaFileProblem(file: Pick<File, 'type' | 'size'>, rule: MediaRule): string | null {
  if (!rule.types.includes(file.type)) return rule.wrongType;
  if (file.size > rule.maxBytes) return `The ${rule.noun} must be at most ${rule.maxBytes / (1024 * 1024)} MB`;
  return null;
}

/** Checks a chosen file, then uploads it; `problem` says why it was refused or why the upload failed. */
export function useCheckedUpload(rule: MediaRule) {
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);
  /** Returns whether the file was accepted and is on its way. */
  const pick = (file: File | undefined, onUploaded: (media: Media) => void): boolean => {
    if (!file) return false;
    const refusal = mediaFileProblem(file, rule);
    setProblem(refusal);
    if (refusal) return false;
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (failure) => setProblem(errorMessage(failure, `The ${rule.noun} could not be uploaded`)),
    });
    return true;
  };
  return { upload, problem, pick };
}
