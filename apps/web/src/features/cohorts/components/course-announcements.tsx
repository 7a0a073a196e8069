import { useAnnouncements } from '../api/get-announcements';
import { AnnouncementsList } from './announcements-list';

/** The course page's announcements for those who may read them; nothing while there are none. */
export function CourseAnnouncements({ courseKey, canRead }: { courseKey: string; canRead: boolean }) {
  const announcements = useAnnouncements(courseKey, canRead);
  const list = announcements.data?.announcements ?? [];
  if (!canRead || list.length === 0) return null;
  return (
    <section id="announcements" aria-labelledby="announcements-heading" className="flex flex-col gap-3">
      <h2 id="announcements-heading" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Announcements
      </h2>
      <AnnouncementsList announcements={list} />
    </section>
  );
}
