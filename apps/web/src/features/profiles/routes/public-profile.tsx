import { activityLevel } from '@learnbuild/domain/rules/activity-level';
import { profileDescription } from '@learnbuild/domain/rules/profile-summary';
import { PROFILE_PARTS, type ProfilePart, type PublicProfile } from '@learnbuild/domain/schemas/profiles';
import { Award, BadgeCheck, Code2, Eye, Flame, GraduationCap, MessageSquare, Trophy } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ActivityGrid } from '@/components/ui/activity-grid';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ItemUnavailable } from '@/components/ui/item-unavailable';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/features/profiles/api/get-profile';
import { errorStatus } from '@/lib/api-client';
import { formatDate, useDateReader } from '@/lib/dates';
import { useDocumentMeta } from '@/lib/use-document-meta';

const PART_NAMES: Record<ProfilePart, string> = {
  activity: 'activity',
  solved: 'solved problems',
  courses: 'courses',
  certificates: 'certificates',
  posts: 'community answers',
};

function Section({ icon: Icon, title, children }: { icon: typeof Award; title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 text-brand-600" aria-hidden /> {title}
      </h2>
      {children}
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}

/** What the owner's preview leaves out: the parts others do not see. */
function hiddenParts(profile: PublicProfile): ProfilePart[] {
  if (!profile.preview || !profile.settings) return [];
  const settings = profile.settings;
  return PROFILE_PARTS.filter((part) => !settings[part]);
}

function PreviewNote({ profile }: { profile: PublicProfile }) {
  const hidden = hiddenParts(profile);
  const off = profile.settings?.enabled === false;
  return (
    <div
      role="note"
      className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-700 dark:bg-brand-900 dark:text-brand-50"
      data-testid="profile-preview-note"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Eye className="h-4 w-4" aria-hidden /> Preview: this is what others see
      </p>
      <p>
        {off
          ? 'Your public profile is off: everyone else gets "Profile not found" at this address.'
          : hidden.length > 0
            ? `Hidden from others: ${hidden.map((part) => PART_NAMES[part]).join(', ')}.`
            : 'Every part of your profile is public.'}{' '}
        <Link to="/profile#public-profile" className="font-medium text-brand-700 underline dark:text-brand-100">
          Change what is shown
        </Link>
      </p>
    </div>
  );
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const reader = useDateReader();
  const heatmap = useRef<HTMLDivElement>(null);
  // On a narrow screen the year scrolls: it opens on its latest weeks.
  useEffect(() => {
    if (heatmap.current) heatmap.current.scrollLeft = heatmap.current.scrollWidth;
  }, []);
  const hidden = new Set(hiddenParts(profile));
  const shows = <T,>(part: ProfilePart, value: T | undefined): value is T => value !== undefined && !hidden.has(part);
  const certificateOf = new Map(
    (shows('certificates', profile.certificates) ? profile.certificates : []).map((c) => [c.courseId, c]),
  );
  const languages = shows('solved', profile.solved) ? profile.languages : undefined;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      {profile.preview ? <PreviewNote profile={profile} /> : null}
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <Avatar name={profile.name} src={profile.profilePic} className="h-24 w-24 text-3xl [&_span]:text-3xl" />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{profile.name}</h1>
          <p className="text-muted">{`@${profile.handle}`}</p>
          <p className="text-sm text-muted">
            Learning on LearnBuild since {formatDate(profile.memberSince, 'date', reader)}
          </p>
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="flex items-center gap-4 p-5" data-testid="profile-streak">
          <Flame className="h-8 w-8 text-amber-500" aria-hidden />
          <dl className="grid grid-cols-2 gap-x-6">
            <dt className="text-sm text-muted">Current streak</dt>
            <dt className="text-sm text-muted">Longest streak</dt>
            <dd className="text-2xl font-bold">
              {profile.streak.current} {profile.streak.current === 1 ? 'day' : 'days'}
            </dd>
            <dd className="text-2xl font-bold">
              {profile.streak.longest} {profile.streak.longest === 1 ? 'day' : 'days'}
            </dd>
          </dl>
        </Card>
        {shows('solved', profile.solved) ? (
          <Card className="p-5" data-testid="profile-solved">
            <p className="text-sm text-muted">Problems solved</p>
            <p className="text-2xl font-bold">{profile.solved.Easy + profile.solved.Medium + profile.solved.Hard}</p>
            <ul className="mt-2 flex flex-wrap gap-2 text-sm">
              <li>
                <Badge tone="green">{profile.solved.Easy} Easy</Badge>
              </li>
              <li>
                <Badge tone="amber">{profile.solved.Medium} Medium</Badge>
              </li>
              <li>
                <Badge tone="red">{profile.solved.Hard} Hard</Badge>
              </li>
              <li>
                <Badge tone="brand" icon={BadgeCheck}>
                  {profile.solved.verified} verified by the judge
                </Badge>
              </li>
            </ul>
          </Card>
        ) : null}
      </div>

      {shows('activity', profile.activity) ? (
        <Section icon={Trophy} title="Activity">
          <div ref={heatmap} className="overflow-x-auto pb-2" data-testid="profile-heatmap">
            <ActivityGrid
              label="Problems solved in the last year"
              activity={profile.activity.map((day) => ({ ...day, level: activityLevel(day.count) }))}
            />
          </div>
        </Section>
      ) : null}

      {languages ? (
        <Section icon={Code2} title="Languages">
          {languages.length === 0 ? (
            <Empty>No accepted submissions yet.</Empty>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {languages.map((language) => (
                <li key={language.language}>
                  <Badge>
                    {language.language}: {language.solved} {language.solved === 1 ? 'problem' : 'problems'}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}

      <Section icon={Award} title="Badges">
        {profile.badges.length === 0 ? (
          <Empty>No badges earned yet.</Empty>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {profile.badges.map((badge) => (
              <li key={badge.id}>
                <Badge tone="brand" icon={Award} title={`Earned ${formatDate(badge.awardedAt, 'date', reader)}`}>
                  {badge.name}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {shows('courses', profile.courses) ? (
        <Section icon={GraduationCap} title="Completed courses">
          {profile.courses.length === 0 ? (
            <Empty>No courses completed yet.</Empty>
          ) : (
            <ul className="flex flex-col divide-y divide-[var(--border)]">
              {profile.courses.map((course) => {
                const certificate = certificateOf.get(course.id);
                return (
                  <li key={course.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <Link to={`/courses/${encodeURIComponent(course.slug)}`} className="font-medium hover:underline">
                        {course.title}
                      </Link>
                      <p className="text-sm text-muted">Completed {formatDate(course.completedAt, 'date', reader)}</p>
                    </div>
                    {certificate ? (
                      <Link
                        to={`/certificates/${encodeURIComponent(certificate.id)}`}
                        className={buttonClasses('secondary', 'sm')}
                        aria-label={`Certificate for ${course.title}`}
                      >
                        Certificate
                      </Link>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </Section>
      ) : shows('certificates', profile.certificates) ? (
        <Section icon={GraduationCap} title="Certificates">
          {profile.certificates.length === 0 ? (
            <Empty>No certificates yet.</Empty>
          ) : (
            <ul className="flex flex-col gap-2">
              {profile.certificates.map((certificate) => (
                <li key={certificate.id}>
                  <Link
                    to={`/certificates/${encodeURIComponent(certificate.id)}`}
                    className="font-medium hover:underline"
                  >
                    {certificate.courseTitle}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}

      {shows('posts', profile.posts) ? (
        <Section icon={MessageSquare} title="Recent community answers">
          {profile.posts.length === 0 ? (
            <Empty>No community answers yet.</Empty>
          ) : (
            <ul className="flex flex-col gap-4">
              {profile.posts.map((post) => (
                <li key={post.id} className="flex flex-col gap-1">
                  <Link to={`/community/${encodeURIComponent(post.threadId)}`} className="font-medium hover:underline">
                    {post.threadTitle}
                  </Link>
                  <p className="text-sm text-muted">{post.excerpt}</p>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
                    {post.accepted ? (
                      <Badge tone="green" icon={BadgeCheck}>
                        Accepted answer
                      </Badge>
                    ) : null}
                    <span>
                      {post.votes} {post.votes === 1 ? 'vote' : 'votes'} · {formatDate(post.createdAt, 'date', reader)}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}
    </div>
  );
}

/** /u/{handle}: a learner's public profile (issue 29), drawn on the server for a shared link. */
export function PublicProfilePage() {
  const { handle = '' } = useParams();
  const profile = useProfile(handle);
  const notFound = errorStatus(profile.error) === 404;
  useDocumentMeta(
    profile.data ? profile.data.name : notFound ? 'Profile not found' : null,
    profile.data ? profileDescription(profile.data) : null,
  );

  if (profile.isPending) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10" role="status" aria-label="Loading profile">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!profile.data) {
    return (
      <ItemUnavailable
        notFound={notFound}
        notFoundTitle="Profile not found"
        action={{ to: '/', label: 'Back to home' }}
        errorTitle="Could not load this profile"
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      >
        No public profile lives at this address. Its owner may have turned it off, or changed their handle.
      </ItemUnavailable>
    );
  }
  return <ProfileView profile={profile.data} />;
}
