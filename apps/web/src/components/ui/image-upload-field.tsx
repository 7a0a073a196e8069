import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, type Media } from '@learnbuild/domain/schemas/courses';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { type MediaRule, useCheckedUpload } from '@/lib/upload-media';
import { Button } from './button';
import { Progress } from './progress';

export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

const IMAGE_RULE: MediaRule = {
  types: IMAGE_MIME_TYPES,
  maxBytes: IMAGE_MAX_BYTES,
  wrongType: 'Choose a PNG, JPEG or WebP image',
  noun: 'image',
};

/** A picture uploaded at once, shown as a preview, and kept by its media id in the form. */
export function ImageUploadField({
  label,
  preview,
  hasImage,
  onUploaded,
  onRemove,
  error,
  hint,
  progressLabel,
  group = false,
  testId,
}: {
  label: string;
  /** The picture shown now (the saved one or the one just uploaded), or what stands in for it. */
  preview: ReactNode;
  hasImage: boolean;
  onUploaded: (media: Media) => void;
  onRemove: () => void;
  error?: string;
  hint: string;
  progressLabel: string;
  /** Whether the whole field is a group named by the label. */
  group?: boolean;
  testId?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload, problem, pick } = useCheckedUpload(IMAGE_RULE);
  const message = problem ?? error;

  return (
    <div
      className="flex flex-col gap-2"
      role={group ? 'group' : undefined}
      aria-labelledby={group ? `${id}-label` : undefined}
      data-testid={testId}
    >
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {preview}
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
              pick(event.target.files?.[0], onUploaded);
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
              {upload.isPending ? 'Uploading...' : hasImage ? 'Replace image' : 'Upload image'}
            </Button>
            {hasImage && !upload.isPending ? (
              <Button variant="ghost" size="sm" onClick={onRemove}>
                <Trash2 className="h-4 w-4" aria-hidden /> Remove
              </Button>
            ) : null}
          </div>
          {upload.isPending ? <Progress value={upload.progress} label={progressLabel} className="w-48" /> : null}
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
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
