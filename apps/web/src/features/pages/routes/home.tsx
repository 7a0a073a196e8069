import { CORE_SUBJECTS } from '@learnbuild/domain/subjects';
import { ArrowRight, BookOpen, Code2, Flame, GraduationCap, ListChecks, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';

const FEATURES = [
  {
    icon: ListChecks,
    title: 'DSA practice sheet',
    text: 'A curated path of interview problems grouped into steps, with solved and bookmarked flags, notes and revision.',
    to: '/dsa-sheet',
  },
  {
    icon: Flame,
    title: 'Streaks and activity',
    text: 'Every solve counts toward your streak and a 49-day activity grid, counted in your own time zone.',
    to: '/dashboard',
  },
  {
    icon: BookOpen,
    title: 'Core CS subjects',
    text: 'DBMS, Operating Systems, Computer Networks and OOP, topic by topic, with lessons and self-checks.',
    to: '/core-subjects',
  },
  {
    icon: GraduationCap,
    title: 'Courses by instructors',
    text: 'Learn from developers who build, or apply to teach and publish your own course.',
    to: '/courses',
  },
  {
    icon: Code2,
    title: 'Code editor',
    text: 'Try ideas in the browser while you read a lesson or work a problem.',
    to: '/code-editor',
  },
  {
    icon: Users,
    title: 'Community and blog',
    text: 'Ask questions, share what you built and read practical write-ups from the team.',
    to: '/community',
  },
];

export function HomePage() {
  const { user, accountPending } = useSession();
  return (
    <div>
      <section className="relative overflow-hidden border-b border-default">
        <div
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,_var(--color-brand-100),_transparent_60%)] dark:bg-[radial-gradient(ellipse_at_top,_var(--color-brand-900),_transparent_60%)]"
          aria-hidden
        />
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="mb-4 inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-700 dark:bg-brand-900 dark:text-brand-100">
            Learn, build, earn
          </p>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Become the developer <span className="text-brand-600 dark:text-brand-400">interviews can't stump</span>.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted">
            Practice data structures and algorithms on a guided sheet, master the computer-science fundamentals every
            interview asks about, and track it all on one dashboard.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {/* A visitor drawn signed in is offered their dashboard before their account is known. */}
            {user || accountPending ? (
              <Link to="/dashboard" className={buttonClasses('primary', 'lg')}>
                Go to your dashboard <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            ) : (
              <>
                <Link to="/register" className={buttonClasses('primary', 'lg')}>
                  Start learning free <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
                <Link to="/login" className={buttonClasses('secondary', 'lg')}>
                  Log in
                </Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="features-title">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Everything you need to get interview-ready
        </h2>
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text, to }) => (
            <Link key={title} to={to} className="group">
              <Card className="h-full p-6 transition-shadow group-hover:shadow-md">
                <Icon className="h-7 w-7 text-brand-600 dark:text-brand-400" aria-hidden />
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted">{text}</p>
              </Card>
            </Link>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-8" aria-labelledby="subjects-title">
        <h2 id="subjects-title" className="text-2xl font-bold tracking-tight">
          Four core subjects, taught for interviews
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {CORE_SUBJECTS.map((subject) => (
            <li key={subject.id}>
              <Link
                to={`/subject/${subject.id}`}
                className="surface flex items-center justify-between rounded-xl border p-4 font-medium hover:border-brand-400"
              >
                {subject.name}
                <span className="text-sm text-muted">{subject.topicCount} topics</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
