import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, type Media } from '@learnbuild/domain/schemas/courses';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { errorMessage } from '../../../lib/api-client';
import { useUploadMedia } from '../api/upload-media';

const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/** The image's problem before it is sent (the server checks again, by the bytes), or null. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size > IMAGE_MAX_BYTES) return `The image must be at most ${MAX_MB} MB`;
  return null;
}

/** The course picture: uploaded at once, shown as a preview, and kept by its media id in the form. */
export function ThumbnailField({
  url,
  onUploaded,
  onRemove,
  error,
}: {
  /** The picture shown now: the saved one, or the one just uploaded. */
  url: string | null;
  onUploaded: (media: Media) => void;
  onRemove: () => void;
  error?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const refusal = imageFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (failure) => setProblem(errorMessage(failure, 'The image could not be uploaded')),
    });
  };
  const message = problem ?? error;

  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        Thumbnail
      </span>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex aspect-video w-full max-w-xs items-center justify-center overflow-hidden rounded-xl border border-dashed border-default bg-muted">
          {url ? (
            <img src={url} alt="Course thumbnail preview" className="h-full w-full object-cover" />
          ) : (
            <span className="px-4 text-center text-sm text-muted">No image yet</span>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            // The button below is the control; this input only opens the file picker.
            className="hidden"
            tabIndex={-1}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
              <ImagePlus className="h-4 w-4" aria-hidden />
              {upload.isPending ? 'Uploading...' : url ? 'Replace image' : 'Upload image'}
            </Button>
            {url && !upload.isPending ? (
              <Button variant="ghost" size="sm" onClick={onRemove}>
                <Trash2 className="h-4 w-4" aria-hidden /> Remove
              </Button>
            ) : null}
          </div>
          {upload.isPending ? <Progress value={upload.progress} label="Thumbnail upload" className="w-48" /> : null}
          <p id={`${id}-hint`} className="text-xs text-muted">
            PNG, JPEG or WebP, up to {MAX_MB} MB. A 16:9 picture fits best.
          </p>
          {message ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {message}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
