import type { Lesson } from '@learnbuild/domain/schemas/courses';
import { useEffect, useRef } from 'react';
import { videoEmbedSource } from '@/features/courses/video-embed';

/** How often the position is saved while the video plays. */
export const SAVE_POSITION_EVERY_MS = 10_000;

/**
 * A video lesson: an uploaded file in the browser's own player (the server answers range requests,
 * so seeking works), or a YouTube/Vimeo player. The uploaded video starts where the learner left
 * it, and its position is saved every ~10 s while it plays and whenever it pauses.
 */
export function VideoLesson({
  lesson,
  startAt,
  onPosition,
  onEnded,
}: {
  lesson: Lesson;
  /** Seconds to start from (the saved resume point), 0 for the start. */
  startAt: number;
  /** Called with the current position to save; null when the learner's position is not kept. */
  onPosition: ((seconds: number) => void) | null;
  onEnded?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef(0);
  const report = useRef(onPosition);
  report.current = onPosition;

  // Leaving the lesson (or the page) mid-video keeps that point too.
  useEffect(() => {
    const element = video.current;
    return () => {
      if (element && element.currentTime > 0 && !element.ended) report.current?.(element.currentTime);
    };
  }, []);

  if (!lesson.video) return <p className="text-muted">This lesson has no video yet.</p>;

  if (lesson.video.source === 'embed') {
    const src = videoEmbedSource(lesson.video.url);
    if (!src) {
      return (
        <p className="text-muted">
          This video cannot be shown here.{' '}
          <a
            href={lesson.video.url}
            target="_blank"
            rel="noreferrer"
            className="text-brand-700 underline dark:text-brand-200"
          >
            Open it on its own site
          </a>
          .
        </p>
      );
    }
    return (
      <div className="aspect-video w-full overflow-hidden rounded-2xl bg-black">
        <iframe
          src={src}
          title={`Video: ${lesson.title}`}
          className="h-full w-full"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      </div>
    );
  }

  const save = (element: HTMLVideoElement) => {
    lastSaved.current = Date.now();
    report.current?.(element.currentTime);
  };

  return (
    <div className="overflow-hidden rounded-2xl bg-black">
      <video
        ref={video}
        src={lesson.video.url}
        controls
        preload="metadata"
        playsInline
        aria-label={`Video: ${lesson.title}`}
        className="aspect-video w-full"
        data-testid="lesson-video"
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          if (startAt > 0 && startAt < element.duration - 1) element.currentTime = startAt;
        }}
        onTimeUpdate={(event) => {
          if (Date.now() - lastSaved.current >= SAVE_POSITION_EVERY_MS) save(event.currentTarget);
        }}
        onPlay={() => {
          lastSaved.current = Date.now();
        }}
        onPause={(event) => {
          if (!event.currentTarget.ended) save(event.currentTarget);
        }}
        onEnded={() => {
          report.current?.(0);
          onEnded?.();
        }}
      />
    </div>
  );
}
