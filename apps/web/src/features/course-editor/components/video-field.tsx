import { type Media, VIDEO_MAX_BYTES, VIDEO_MIME_TYPES } from '@learnbuild/domain/schemas/courses';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Progress } from '@/components/ui/progress';
import { type MediaRule, useCheckedUpload } from '@/lib/upload-media';

export type VideoSource = 'upload' | 'link';

const MAX_MB = VIDEO_MAX_BYTES / (1024 * 1024);

const VIDEO_RULE: MediaRule = {
  types: VIDEO_MIME_TYPES,
  maxBytes: VIDEO_MAX_BYTES,
  wrongType: 'Choose an MP4 or WebM video',
  noun: 'video',
};

/** A video lesson's video: an uploaded file (with a real progress bar, then the player) or a YouTube/Vimeo link. */
export function VideoField({
  source,
  onSourceChange,
  previewUrl,
  onUploaded,
  videoUrl,
  onVideoUrlChange,
  uploadError,
  urlError,
}: {
  source: VideoSource;
  onSourceChange: (source: VideoSource) => void;
  /** The uploaded video to play, if there is one. */
  previewUrl: string | null;
  onUploaded: (media: Media) => void;
  videoUrl: string;
  onVideoUrlChange: (url: string) => void;
  uploadError?: string;
  urlError?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload, problem, pick: pickChecked } = useCheckedUpload(VIDEO_RULE);
  const [fileName, setFileName] = useState<string | null>(null);

  const pick = (file: File | undefined) => {
    if (pickChecked(file, onUploaded)) setFileName(file?.name ?? null);
  };
  const message = problem ?? uploadError;

  return (
    <div className="flex flex-col gap-4" data-testid="video-field">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Video source</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['upload', 'Upload a file'],
              ['link', 'YouTube or Vimeo link'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex min-h-8 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-source`}
                checked={source === value}
                onChange={() => onSourceChange(value)}
                className="h-4 w-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {source === 'upload' ? (
        <div className="flex flex-col gap-3">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={VIDEO_MIME_TYPES.join(',')}
            // The button below is the control; this input only opens the file picker.
            className="hidden"
            tabIndex={-1}
            aria-label="Video file"
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => input.current?.click()} disabled={upload.isPending}>
              <Upload className="h-4 w-4" aria-hidden />
              {upload.isPending ? 'Uploading...' : previewUrl ? 'Replace video' : 'Upload video'}
            </Button>
            <span id={`${id}-hint`} className="text-xs text-muted">
              MP4 or WebM, up to {MAX_MB} MB.
            </span>
          </div>
          {upload.isPending ? (
            <div className="flex flex-col gap-1.5" data-testid="video-upload-progress">
              <div className="flex justify-between text-sm">
                <span className="truncate">{fileName}</span>
                <span className="tabular-nums" aria-hidden>
                  {upload.progress}%
                </span>
              </div>
              <Progress value={upload.progress} label={`Uploading ${fileName ?? 'the video'}`} />
            </div>
          ) : null}
          <p aria-live="polite" className="sr-only">
            {upload.isPending ? 'Uploading the video' : upload.isSuccess ? 'Video uploaded' : ''}
          </p>
          {message ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {message}
            </p>
          ) : null}
          {previewUrl && !upload.isPending ? (
            <video
              src={previewUrl}
              controls
              preload="metadata"
              className="aspect-video w-full max-w-2xl rounded-xl bg-black"
              data-testid="video-preview"
              aria-label="Uploaded video preview"
            />
          ) : null}
        </div>
      ) : (
        <TextField
          label="Video link"
          type="url"
          inputMode="url"
          value={videoUrl}
          placeholder="https://www.youtube.com/watch?v=..."
          error={urlError}
          hint={
            <span className="text-xs text-muted">An https YouTube or Vimeo address; learners see it embedded.</span>
          }
          onChange={(event) => onVideoUrlChange(event.target.value)}
        />
      )}
    </div>
  );
}
