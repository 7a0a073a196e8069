import { IMAGE_MAX_MB, ImageUploadField } from '@/components/ui/image-upload-field';
import { PostCover } from './post-cover';

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
  return (
    <ImageUploadField
      label="Cover image"
      group
      testId="cover-field"
      hasImage={Boolean(url)}
      preview={
        <div className="w-full max-w-xs overflow-hidden rounded-xl border border-default">
          {url ? (
            <img src={url} alt="Cover preview" className="aspect-video w-full object-cover" />
          ) : (
            <PostCover coverImage={null} slug={slug || 'new-post'} tag={tag} />
          )}
        </div>
      }
      onUploaded={onUploaded}
      onRemove={onRemove}
      error={error}
      progressLabel="Cover upload"
      hint={`PNG, JPEG or WebP, up to ${IMAGE_MAX_MB} MB; 16:9 fits best. Without one, readers see a generated cover.`}
    />
  );
}
