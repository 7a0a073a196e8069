import type { Media } from '@learnbuild/domain/schemas/courses';
import { IMAGE_MAX_MB, ImageUploadField } from '@/components/ui/image-upload-field';

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
  return (
    <ImageUploadField
      label="Thumbnail"
      hasImage={Boolean(url)}
      preview={
        <div className="flex aspect-video w-full max-w-xs items-center justify-center overflow-hidden rounded-xl border border-dashed border-default bg-muted">
          {url ? (
            <img src={url} alt="Course thumbnail preview" className="h-full w-full object-cover" />
          ) : (
            <span className="px-4 text-center text-sm text-muted">No image yet</span>
          )}
        </div>
      }
      onUploaded={onUploaded}
      onRemove={onRemove}
      error={error}
      progressLabel="Thumbnail upload"
      hint={`PNG, JPEG or WebP, up to ${IMAGE_MAX_MB} MB. A 16:9 picture fits best.`}
    />
  );
}
