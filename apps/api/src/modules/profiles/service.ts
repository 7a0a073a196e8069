import { addDays, streaks, streaksFromSummary, todayIn } from '@learnbuild/domain/rules/streaks';
import {
  PROFILE_ACTIVITY_DAYS,
  PROFILE_NOT_FOUND,
  PROFILE_RECENT_POSTS,
  type PublicProfile,
  publicProfileSettings,
} from '@learnbuild/domain/schemas/profiles';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { myBadges } from '../badges/service';
import { learnerCounters, solveDayCounts } from '../dsa/queries';
import { plainDescription } from '../seo/escape';
import * as q from './queries';

const EXCERPT_MAX = 160;

/** The heatmap's days, oldest first, each with its solve count (zero days included). */
function yearOfDays(counts: readonly { date: string; count: number }[], lastDay: string) {
  const byDate = new Map(counts.map((day) => [day.date, day.count]));
  const days: { date: string; count: number }[] = [];
  for (let offset = PROFILE_ACTIVITY_DAYS - 1; offset >= 0; offset--) {
    const date = addDays(lastDay, -offset);
    days.push({ date, count: byDate.get(date) ?? 0 });
  }
  return days;
}

/**
 * The public profile at /u/{handle} (issue 29), as everyone else sees it: only the parts whose switches are on,
 * and a 404 that reads the same for an unknown handle and a profile that is off. Its owner (`viewerId`) always
 * gets it, with `preview: true`, every part and the switches, so the settings page shows what others would see.
 *
 * Solve days are kept as the learner's own calendar days when they solved (DESIGN decision 6), and the profile
 * has no visitor's zone to go by: the year ends today in UTC, or tomorrow when the learner's latest solve day is
 * already tomorrow there (a zone ahead of UTC). The whole year is one read of the learner's counters row.
 */
export async function publicProfile(db: Db, handle: string, viewerId: string | null): Promise<PublicProfile> {
  const owner = await q.findProfileOwner(db, handle);
  const settings = publicProfileSettings(owner?.publicProfile);
  const isOwner = owner !== undefined && viewerId === owner.id;
  if (!owner || !(settings.enabled || isOwner)) throw notFound(PROFILE_NOT_FOUND);
  const shows = (part: keyof typeof settings) => isOwner || settings[part];

  const utcToday = todayIn('UTC');
  const [counters, solveDays, badges] = await Promise.all([
    learnerCounters(db, owner.id),
    solveDayCounts(db, owner.id, addDays(utcToday, 1 - PROFILE_ACTIVITY_DAYS - 1)),
    myBadges(db, owner.id),
  ]);
  const latest = solveDays.at(-1)?.date;
  const today = latest === addDays(utcToday, 1) ? latest : utcToday;
  const streak =
    streaksFromSummary(counters, today) ??
    streaks(
      (await solveDayCounts(db, owner.id)).map((day) => day.date),
      today,
    );

  const profile: PublicProfile = {
    handle: owner.handle as string,
    name: owner.name,
    profilePic: owner.profilePic,
    memberSince: owner.createdAt.toISOString(),
    streak: { current: streak.currentStreak, longest: streak.maxStreak },
    badges: badges.map((badge) => ({
      id: badge.id,
      name: badge.name,
      description: badge.description,
      awardedAt: badge.awardedAt,
    })),
  };
  if (isOwner) {
    profile.preview = true;
    profile.settings = settings;
  }
  if (shows('activity')) profile.activity = yearOfDays(solveDays, today);
  const [verified, languages, completed, certificates, answers] = await Promise.all([
    shows('solved') ? q.countVerifiedSolves(db, owner.id) : null,
    shows('solved') ? q.acceptedLanguages(db, owner.id) : null,
    shows('courses') ? q.completedCourses(db, owner.id) : null,
    shows('certificates') ? q.certificatesOf(db, owner.id) : null,
    shows('posts') ? q.recentAnswers(db, owner.id, PROFILE_RECENT_POSTS) : null,
  ]);
  if (verified !== null) {
    profile.solved = {
      Easy: counters.solvedEasy,
      Medium: counters.solvedMedium,
      Hard: counters.solvedHard,
      verified,
    };
  }
  if (languages) profile.languages = languages;
  if (completed) {
    profile.courses = completed.map((course) => ({
      id: course.id,
      slug: course.slug,
      title: course.title,
      completedAt: new Date(course.completedAt).toISOString(),
    }));
  }
  if (certificates) {
    profile.certificates = certificates.map((certificate) => ({
      ...certificate,
      issuedAt: certificate.issuedAt.toISOString(),
    }));
  }
  if (answers) {
    profile.posts = answers.map((answer) => ({
      id: answer.id,
      threadId: answer.threadId,
      threadTitle: answer.threadTitle,
      excerpt: plainDescription(answer.body, EXCERPT_MAX),
      accepted: answer.accepted,
      votes: answer.votes,
      createdAt: answer.createdAt.toISOString(),
    }));
  }
  return profile;
}
