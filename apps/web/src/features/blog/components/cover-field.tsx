import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@learnbuild/domain/schemas/courses';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { errorMessage } from '../../../lib/api-client';
import { useUploadCover } from '../api/upload-cover';
import { PostCover } from './post-cover';

const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/** The picture's problem before it is sent (the server checks again, by its bytes), or null. */
export function coverFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size > IMAGE_MAX_BYTES) return `The image must be at most ${MAX_MB} MB`;
  return null;
}

/** The cover: uploaded at once, previewed as readers will see it, kept by its media id in the form. */
export function CoverField({
  url,
  slug,
  tag,
  onUploaded,
  onRemove,
  error,
}: {
  url: string | null;
  /** For the generated placeholder shown while there is no picture. */
  slug: string;
  tag?: string;
  onUploaded: (media: { id: string; url: string }) => void;
  onRemove: () => void;
  error?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadCover();
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const refusal = coverFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (failure) => setProblem(errorMessage(failure, 'The image could not be uploaded')),
    });
  };
  const message = problem ?? error;

  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={`${id}-label`} data-testid="cover-field">
      <span id={`${id}-label`} className="text-sm font-medium">
        Cover image
      </span>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="w-full max-w-xs overflow-hidden rounded-xl border border-default">
          {url ? (
            <img src={url} alt="Cover preview" className="aspect-video w-full object-cover" />
          ) : (
            <PostCover coverImage={null} slug={slug || 'new-post'} tag={tag} />
          )}
        </div>
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            // The button below opens it: a hidden input is no second, 1 px target beside it.
            hidden
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
              aria-describedby={`${id}-hint`}
            >
              <ImagePlus className="h-4 w-4" aria-hidden />
              {upload.isPending ? 'Uploading...' : url ? 'Replace image' : 'Upload image'}
            </Button>
            {url && !upload.isPending ? (
              <Button variant="ghost" size="sm" onClick={onRemove}>
                <Trash2 className="h-4 w-4" aria-hidden /> Remove
              </Button>
            ) : null}
          </div>
          {upload.isPending ? <Progress value={upload.progress} label="Cover upload" className="w-48" /> : null}
          <p id={`${id}-hint`} className="text-xs text-muted">
            PNG, JPEG or WebP, up to {MAX_MB} MB; 16:9 fits best. Without one, readers see a generated cover.
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
