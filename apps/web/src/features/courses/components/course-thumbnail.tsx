import { Binary, Braces, Briefcase, Cpu, Database, Globe, type LucideIcon, Network } from 'lucide-react';
import { cn } from '@/components/ui/class-names';

/** A drawn cover per category, for courses without an uploaded thumbnail. */
const COVERS: Record<string, { Icon: LucideIcon; gradient: string }> = {
  'Web Development': { Icon: Globe, gradient: 'from-sky-500 via-indigo-500 to-violet-600' },
  'Data Structures & Algorithms': { Icon: Binary, gradient: 'from-emerald-500 via-teal-500 to-cyan-600' },
  Databases: { Icon: Database, gradient: 'from-amber-500 via-orange-500 to-rose-500' },
  'System Design': { Icon: Network, gradient: 'from-fuchsia-500 via-purple-500 to-indigo-600' },
  'Programming Languages': { Icon: Braces, gradient: 'from-lime-500 via-emerald-500 to-teal-600' },
  'Computer Science Fundamentals': { Icon: Cpu, gradient: 'from-slate-500 via-slate-600 to-slate-800' },
  Career: { Icon: Briefcase, gradient: 'from-rose-500 via-pink-500 to-fuchsia-600' },
};
const FALLBACK = { Icon: Globe, gradient: 'from-brand-500 to-brand-700' };

/** The course's picture, or its category's drawn cover; decorative either way (the title names the course). */
export function CourseThumbnail({
  thumbnail,
  category,
  className,
}: {
  thumbnail: string | null;
  category: string;
  className?: string;
}) {
  if (thumbnail) {
    return (
      <img
        src={thumbnail}
        alt=""
        loading="lazy"
        className={cn('aspect-video w-full bg-muted object-cover', className)}
      />
    );
  }
  const { Icon, gradient } = COVERS[category] ?? FALLBACK;
  return (
    <div
      aria-hidden
      data-testid="course-cover"
      className={cn(
        'relative flex aspect-video w-full items-center justify-center overflow-hidden bg-gradient-to-br text-white',
        gradient,
        className,
      )}
    >
      <Icon className="absolute -right-4 -bottom-6 h-32 w-32 opacity-15" strokeWidth={1.25} />
      <Icon className="h-12 w-12 drop-shadow-sm" strokeWidth={1.5} />
    </div>
  );
}
