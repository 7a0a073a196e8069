import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, DEMO, expect, registerVerifiedUser, signInAs, test, useToken } from './helpers';

type Outline = {
  name: string;
  topics: { id: string; name: string; subtopics: { id: string; name: string; completed: boolean }[] }[];
};
type Item = { topicId: string; id: string; name: string };

async function outline(request: APIRequestContext, token: string, subjectId: string): Promise<Outline> {
  const reply = await request.get(`/api/subjects/${subjectId}`, { headers: bearer(token) });
  return (await reply.json()).subject as Outline;
}

const lessons = (subject: Outline): Item[] =>
  subject.topics.flatMap((t) => t.subtopics.map((s) => ({ topicId: t.id, id: s.id, name: s.name })));

const lessonUrl = (subjectId: string, item: Item) => `/subject/${subjectId}/topic/${item.topicId}/subtopic/${item.id}`;

async function markByApi(request: APIRequestContext, token: string, subjectId: string, items: Item[]) {
  for (const item of items) {
    const reply = await request.put(`/api/subjects/${subjectId}/topics/${item.topicId}/subtopics/${item.id}/progress`, {
      headers: bearer(token),
      data: { completed: true },
    });
    expect(reply.ok()).toBeTruthy();
  }
}

async function userId(request: APIRequestContext, token: string): Promise<string> {
  return (await (await request.get('/api/auth/me', { headers: bearer(token) })).json()).user.id as string;
}

/** What this device keeps under `key` (JSON), or {} when nothing. */
const stored = (page: Page, key: string) =>
  page.evaluate((name) => JSON.parse(window.localStorage.getItem(name) ?? '{}'), key);
const storedMarks = (page: Page, id: string) => stored(page, `learnbuild.subjectProgress.${id}`);

const percent = (done: number, total: number) => Math.round((done / total) * 100);
const badgeFor = (value: number) => (value >= 80 ? 'Advanced' : value >= 50 ? 'Intermediate' : 'Beginner');

test.describe('core subjects', () => {
  test('read a lesson, mark subtopics, watch the card, the navbar dropdown and the level badge change', async ({
    page,
    request,
  }) => {
    const { token } = await registerVerifiedUser(request, 'Cora Learner');
    await useToken(page, token);
    const dbms = await outline(request, token, 'dbms');
    const all = lessons(dbms);
    const half = Math.ceil(all.length / 2);

    await page.goto('/core-subjects');
    const card = page.getByTestId('subject-card-dbms');
    await expect(card.getByTestId('subject-progress')).toHaveText('0%');
    await expect(card.getByTestId('level-badge')).toHaveText('Beginner');
    await expect(card.getByTestId('topic-count')).toHaveText('0/5 topics');

    await card.click();
    await expect(page).toHaveURL('/subject/dbms');
    await page.getByRole('link', { name: all[0]!.name }).click();
    await expect(page).toHaveURL(lessonUrl('dbms', all[0]!));
    await expect(page.getByRole('heading', { level: 1, name: all[0]!.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeVisible();
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');
    await expect(page.getByTestId('mark-complete')).toHaveAttribute('aria-pressed', 'true');

    // Next lesson through the previous/next navigation, marked from the screen too.
    await page.getByRole('link', { name: `Next: ${all[1]!.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: all[1]!.name })).toBeVisible();
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');

    // The rest up to one short of half through the API; the last one from the screen.
    await markByApi(request, token, 'dbms', all.slice(2, half - 1));
    const last = all[half - 1]!;
    await page.goto(lessonUrl('dbms', last));
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');

    const expected = percent(half, all.length);
    await page.getByTestId('nav-links').getByRole('button', { name: 'Core Subject' }).click();
    await expect(page.getByTestId('nav-subject-progress-dbms')).toHaveText(`${expected}%`);
    await page.getByRole('menuitem', { name: 'View All' }).click();
    await expect(card.getByTestId('subject-progress')).toHaveText(`${expected}%`);
    await expect(card.getByTestId('level-badge')).toHaveText(badgeFor(expected));
    const fullTopics = dbms.topics.filter((t) =>
      t.subtopics.every((s) => all.slice(0, half).some((d) => d.id === s.id && d.topicId === t.id)),
    ).length;
    await expect(card.getByTestId('topic-count')).toHaveText(`${fullTopics}/5 topics`);
  });

  test('/core-subject, the outline, a topic URL, the sidebar, Previous, a self-check answer and the Advanced badge', async ({
    page,
    request,
  }) => {
    const { token } = await registerVerifiedUser(request, 'Ada Advanced');
    await useToken(page, token);
    const os = await outline(request, token, 'os');
    const [first, second, third] = os.topics as [
      Outline['topics'][number],
      Outline['topics'][number],
      Outline['topics'][number],
    ];
    const osTotal = lessons(os).length;
    await markByApi(request, token, 'os', [{ topicId: first.id, ...first.subtopics[0]! }]);

    // /core-subject is the same screen as /core-subjects: icons, bars and percentages.
    await page.goto('/core-subject');
    await expect(page).toHaveURL('/core-subject');
    await expect(page.getByRole('heading', { level: 1, name: 'Core Subjects' })).toBeVisible();
    const icons = { dbms: 'database', os: 'cpu', cn: 'network', oop: 'boxes' };
    for (const [id, icon] of Object.entries(icons)) {
      await expect(page.getByTestId(`subject-card-${id}`).locator(`svg.lucide-${icon}`)).toBeVisible();
    }
    const osCard = page.getByTestId('subject-card-os');
    const osPercent = percent(1, osTotal);
    await expect(osCard.getByTestId('subject-progress')).toHaveText(`${osPercent}%`);
    await expect(osCard.getByRole('progressbar', { name: 'Operating Systems progress' })).toHaveAttribute(
      'aria-valuenow',
      String(osPercent),
    );
    await expect(
      page.getByTestId('subject-card-dbms').getByRole('progressbar', { name: 'DBMS progress' }),
    ).toHaveAttribute('aria-valuenow', '0');

    // The outline shows each topic's own progress.
    await osCard.click();
    await expect(page).toHaveURL('/subject/os');
    const firstTopic = page.getByTestId(`topic-${first.id}`);
    await expect(firstTopic.getByTestId('topic-progress')).toHaveText(`1/${first.subtopics.length} lessons`);
    await expect(firstTopic.getByRole('progressbar', { name: `${first.name} progress` })).toHaveAttribute(
      'aria-valuenow',
      String(percent(1, first.subtopics.length)),
    );
    await expect(page.getByTestId(`topic-${second.id}`).getByTestId('topic-progress')).toHaveText(
      `0/${second.subtopics.length} lessons`,
    );

    // A topic URL opens the topic's first lesson, from the outline or typed in.
    await page.getByRole('link', { name: second.name, exact: true }).click();
    await expect(page).toHaveURL(`/subject/os/topic/${second.id}/subtopic/${second.subtopics[0]!.id}`);
    await page.goto(`/subject/os/topic/${third.id}`);
    await expect(page).toHaveURL(`/subject/os/topic/${third.id}/subtopic/${third.subtopics[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: third.subtopics[0]!.name })).toBeVisible();

    // Previous goes back across the topic boundary, to the last lesson of the topic before.
    const before = second.subtopics.at(-1)!;
    await page.getByRole('link', { name: `Previous: ${before.name}` }).click();
    await expect(page).toHaveURL(`/subject/os/topic/${second.id}/subtopic/${before.id}`);
    await expect(page.getByRole('heading', { level: 1, name: before.name })).toBeVisible();

    // The sidebar outline marks the lesson completed as soon as it is marked.
    const sidebar = page.getByRole('navigation', { name: 'Operating Systems outline' });
    const current = sidebar.getByRole('link', { name: before.name });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current.getByLabel('Not completed', { exact: true })).toBeVisible();
    await page.getByTestId('mark-complete').click();
    await expect(current.getByLabel('Completed', { exact: true })).toBeVisible();
    await expect(current.getByLabel('Not completed', { exact: true })).toHaveCount(0);
    await expect(
      sidebar.getByRole('link', { name: first.subtopics[0]!.name }).getByLabel('Completed', { exact: true }),
    ).toBeVisible();

    // A self-check answer is hidden until asked for.
    const lesson = (
      await (
        await request.get(`/api/subjects/os/topics/${second.id}/subtopics/${before.id}`, { headers: bearer(token) })
      ).json()
    ).lesson as { selfCheck: { question: string; answer: string }[] };
    const answer = lesson.selfCheck[0]!.answer;
    await expect(page.getByText(answer, { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show answer' }).first().click();
    await expect(page.getByText(answer, { exact: true })).toBeVisible();

    // OOP: one mark short of 80% shows Intermediate; the last mark, made on screen, makes it Advanced.
    const oop = lessons(await outline(request, token, 'oop'));
    const needed = Math.ceil(oop.length * 0.8);
    await markByApi(request, token, 'oop', oop.slice(0, needed - 1));
    await page.goto('/core-subjects');
    const oopCard = page.getByTestId('subject-card-oop');
    const below = percent(needed - 1, oop.length);
    expect(below).toBeLessThan(80);
    expect(below).toBeGreaterThanOrEqual(50);
    await expect(oopCard.getByTestId('subject-progress')).toHaveText(`${below}%`);
    await expect(oopCard.getByTestId('level-badge')).toHaveText('Intermediate');
    await page.goto(lessonUrl('oop', oop[needed - 1]!));
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');
    await page.getByTestId('nav-links').getByRole('button', { name: 'Core Subject' }).click();
    await expect(page.getByTestId('nav-subject-progress-oop')).toHaveText(`${percent(needed, oop.length)}%`);
    await page.getByRole('menuitem', { name: 'View All' }).click();
    await expect(oopCard.getByTestId('subject-progress')).toHaveText(`${percent(needed, oop.length)}%`);
    await expect(oopCard.getByTestId('level-badge')).toHaveText('Advanced');
  });

  test('a mark made offline shows in the dropdown and the cards at once and is saved on the server when back online', async ({
    page,
    context,
    request,
  }) => {
    const { token } = await registerVerifiedUser(request, 'Otto Offline');
    await useToken(page, token);
    const os = await outline(request, token, 'os');
    const all = lessons(os);
    const topic = os.topics[1]!;
    const subtopic = topic.subtopics[0]!;
    const index = all.findIndex((item) => item.id === subtopic.id && item.topicId === topic.id);
    const next = all[index + 1]!;
    // Through the screens, so every screen's code is already loaded when the network goes.
    await page.goto('/core-subjects');
    await page.getByTestId('subject-card-os').click();
    await page.getByRole('link', { name: subtopic.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: subtopic.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeVisible();

    await context.setOffline(true);
    await page.getByTestId('mark-complete').click();
    await expect(page.getByText("You're offline. Your progress is saved on this device")).toBeVisible();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');
    const id = await userId(request, token);
    expect((await storedMarks(page, id)).os[topic.id][subtopic.id]).toMatchObject({ completed: true, pending: true });
    expect((await outline(request, token, 'os')).topics[1]!.subtopics[0]!.completed).toBe(false);

    // Every view shows it while still offline: the navbar dropdown, then the card.
    const expected = `${percent(1, all.length)}%`;
    await page.getByTestId('nav-links').getByRole('button', { name: 'Core Subject' }).click();
    await expect(page.getByTestId('nav-subject-progress-os')).toHaveText(expected);
    await page.getByRole('menuitem', { name: 'View All' }).click();
    await expect(page.getByText("You're offline. Showing the progress saved on this device.")).toBeVisible();
    await expect(page.getByTestId('subject-card-os').getByTestId('subject-progress')).toHaveText(expected);

    // A lesson never opened on this device says it needs the network instead of loading forever.
    await page.goBack();
    await page.getByRole('link', { name: `Next: ${next.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: next.name })).toBeVisible();
    await expect(page.getByText("You're offline, and this page has not been opened on this device yet.")).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('Back online: 1 saved mark was synced.')).toBeVisible();
    await expect.poll(async () => (await outline(request, token, 'os')).topics[1]!.subtopics[0]!.completed).toBe(true);
    // The waiting lesson loads by itself.
    await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeVisible();
    expect((await storedMarks(page, id)).os[topic.id][subtopic.id].pending).toBeUndefined();
  });

  test('when the subjects call fails the cards show the progress stored on this device', async ({ page, request }) => {
    const { token } = await registerVerifiedUser(request, 'Flo Fallback');
    await useToken(page, token);
    const cn = await outline(request, token, 'cn');
    const topic = cn.topics[0]!;
    // Marked elsewhere (another device): DBMS is never opened on this one.
    const dbms = lessons(await outline(request, token, 'dbms'));
    await markByApi(request, token, 'dbms', dbms.slice(0, 4));
    // Visit the subject once so the device learns its outline, and mark a whole topic.
    await page.goto('/subject/cn');
    for (const subtopic of topic.subtopics) {
      await page.goto(`/subject/cn/topic/${topic.id}/subtopic/${subtopic.id}`);
      await page.getByTestId('mark-complete').click();
      await expect(page.getByTestId('mark-complete')).toHaveText('Completed');
    }
    const total = cn.topics.reduce((sum, t) => sum + t.subtopics.length, 0);
    // The device keeps the numbers it last showed: wait for the subject list read after the last mark, as a
    // learner does by staying on the page a moment (a list asked for before the mark may land after it).
    const id = await userId(request, token);
    await expect
      .poll(async () => {
        const summaries = await stored(page, `learnbuild.subjectProgress.${id}.summaries`);
        return [summaries.cn?.progress, summaries.dbms?.progress];
      })
      .toEqual([percent(topic.subtopics.length, total), percent(4, dbms.length)]);
    await page.route('**/api/subjects', (route) => route.abort());
    await page.goto('/core-subjects');
    await expect(page.getByText("You're offline. Showing the progress saved on this device.")).toBeVisible();
    const card = page.getByTestId('subject-card-cn');
    await expect(card.getByTestId('subject-progress')).toHaveText(`${percent(topic.subtopics.length, total)}%`);
    await expect(card.getByTestId('topic-count')).toHaveText('1/5 topics');
    // Known from the last subject list this device received.
    await expect(page.getByTestId('subject-card-dbms').getByTestId('subject-progress')).toHaveText(
      `${percent(4, dbms.length)}%`,
    );
    await expect(page.getByTestId('subject-card-oop').getByTestId('subject-progress')).toHaveText('0%');
  });

  test('two accounts on one browser: neither sees nor replays the other one’s offline marks', async ({
    page,
    request,
  }) => {
    const ana = await registerVerifiedUser(request, 'Ana First');
    const ben = await registerVerifiedUser(request, 'Ben Second');
    const os = await outline(request, ana.token, 'os');
    const topic = os.topics[0]!;
    const subtopic = topic.subtopics[0]!;
    const markedOnServer = async (token: string) =>
      (await outline(request, token, 'os')).topics[0]!.subtopics[0]!.completed;

    // Ana marks while the server cannot be reached: the mark waits on this device.
    await useToken(page, ana.token);
    await page.goto('/core-subjects');
    await page.getByTestId('subject-card-os').click();
    await page.getByRole('link', { name: subtopic.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: subtopic.name })).toBeVisible();
    await page.route('**/progress', (route) => route.abort());
    await page.getByTestId('mark-complete').click();
    await expect(page.getByText("You're offline. Your progress is saved on this device")).toBeVisible();
    await page.unroute('**/progress');
    const anaId = await userId(request, ana.token);
    expect((await storedMarks(page, anaId)).os[topic.id][subtopic.id]).toMatchObject({ pending: true });

    // Ben signs in on the same browser: his cards, online and offline, show none of Ana's progress.
    await useToken(page, ben.token);
    await page.goto('/core-subjects');
    const osProgress = page.getByTestId('subject-card-os').getByTestId('subject-progress');
    await expect(osProgress).toHaveText('0%');
    await page.route('**/api/subjects', (route) => route.abort());
    await page.reload();
    await expect(page.getByText("You're offline. Showing the progress saved on this device.")).toBeVisible();
    await expect(osProgress).toHaveText('0%');
    await page.unroute('**/api/subjects');
    expect(await markedOnServer(ben.token)).toBe(false);
    expect(await markedOnServer(ana.token)).toBe(false);
    expect(await storedMarks(page, await userId(request, ben.token))).toEqual({});

    // Back to Ana: her mark was kept for her and is saved to her account.
    await useToken(page, ana.token);
    await page.goto('/core-subjects');
    await expect(page.getByText('Back online: 1 saved mark was synced.')).toBeVisible();
    await expect.poll(() => markedOnServer(ana.token)).toBe(true);
    expect(await markedOnServer(ben.token)).toBe(false);
  });

  test('the lesson reader tells a missing lesson from a failed load, and retries', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/subject/os/topic/no-such-topic/subtopic/no-such-lesson');
    await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible();
    await expect(page.getByText('This lesson does not exist or was removed.')).toBeVisible();
    await page.goto('/subject/no-such-subject/topic/a/subtopic/b');
    await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

    // The server cannot be reached: no "not found", but a retry that works once it can.
    await page.route('**/api/subjects/cn', (route) => route.abort());
    await page.goto('/subject/cn/topic/x');
    await expect(page.getByRole('heading', { name: 'Could not load this lesson' })).toBeVisible();
    await expect(page.getByText('Lesson not found')).toHaveCount(0);
    await page.unroute('**/api/subjects/cn');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible();
  });
});
