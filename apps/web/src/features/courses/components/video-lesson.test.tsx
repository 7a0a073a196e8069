import type { Lesson } from '@learnbuild/domain/schemas/courses';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVE_POSITION_EVERY_MS, VideoLesson } from './video-lesson';

const base: Lesson = {
  id: 'l1',
  title: 'Indexes, on video',
  kind: 'video',
  durationMinutes: 9,
  freePreview: false,
  position: 0,
  completed: false,
  locked: false,
  body: null,
  quiz: null,
  video: { source: 'upload', url: '/api/media/m1/content', mediaId: 'm1' },
};

/** jsdom has no media engine: the element's clock and length are set by hand. */
function at(video: HTMLVideoElement, seconds: number, duration = 600) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  video.currentTime = seconds;
}

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('VideoLesson', () => {
  it('plays an uploaded file in the native player, from the saved point', () => {
    render(<VideoLesson lesson={base} startAt={125} onPosition={() => {}} />);
    const video = screen.getByTestId('lesson-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/media/m1/content');
    expect(video.controls).toBe(true);
    expect(video.getAttribute('aria-label')).toBe('Video: Indexes, on video');
    at(video, 0);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(125);
  });

  it('saves the position about every 10 seconds while playing, and on pause; the end resets it', () => {
    const onPosition = vi.fn();
    const onEnded = vi.fn();
    render(<VideoLesson lesson={base} startAt={0} onPosition={onPosition} onEnded={onEnded} />);
    const video = screen.getByTestId('lesson-video') as HTMLVideoElement;
    fireEvent.play(video);
    at(video, 4);
    vi.advanceTimersByTime(4_000);
    fireEvent.timeUpdate(video);
    expect(onPosition).not.toHaveBeenCalled();
    at(video, 11);
    vi.advanceTimersByTime(SAVE_POSITION_EVERY_MS - 4_000);
    fireEvent.timeUpdate(video);
    expect(onPosition).toHaveBeenLastCalledWith(11);
    at(video, 13.6);
    fireEvent.pause(video);
    expect(onPosition).toHaveBeenLastCalledWith(13.6);
    fireEvent.ended(video);
    expect(onPosition).toHaveBeenLastCalledWith(0);
    expect(onEnded).toHaveBeenCalledOnce();
  });

  it('does not jump to a saved point at the very end of the video', () => {
    render(<VideoLesson lesson={base} startAt={600} onPosition={null} />);
    const video = screen.getByTestId('lesson-video') as HTMLVideoElement;
    at(video, 0, 600);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(0);
  });

  it('shows a YouTube link as a titled no-cookie player frame', () => {
    const lesson: Lesson = {
      ...base,
      video: { source: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', mediaId: null },
    };
    render(<VideoLesson lesson={lesson} startAt={0} onPosition={null} />);
    const frame = screen.getByTitle('Video: Indexes, on video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
