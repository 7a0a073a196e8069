import { expect, registerVerifiedUser, test, useToken } from './helpers';

type Outline = { topics: { id: string; subtopics: { id: string; name: string; completed: boolean }[] }[] };

async function outline(
  request: import('@playwright/test').APIRequestContext,
  token: string,
  subjectId: string,
): Promise<Outline> {
  const reply = await request.get(`/api/subjects/${subjectId}`, { headers: { authorization: `Bearer ${token}` } });
  return (await reply.json()).subject as Outline;
}

test.describe('core subjects', () => {
  test('read a lesson, mark subtopics, watch the card, the navbar dropdown and the level badge change', async ({
    page,
    request,
  }) => {
    const { token } = await registerVerifiedUser(request, 'Cora Learner');
    await useToken(page, token);
    const dbms = await outline(request, token, 'dbms');
    const all = dbms.topics.flatMap((t) => t.subtopics.map((s) => ({ topicId: t.id, ...s })));
    const half = Math.ceil(all.length / 2);

    await page.goto('/core-subjects');
    const card = page.getByTestId('subject-card-dbms');
    await expect(card.getByTestId('subject-progress')).toHaveText('0%');
    await expect(card.getByTestId('level-badge')).toHaveText('Beginner');
    await expect(card.getByTestId('topic-count')).toHaveText('0/5 topics');

    await card.click();
    await expect(page).toHaveURL('/subject/dbms');
    await page.getByRole('link', { name: all[0]!.name }).click();
    await expect(page).toHaveURL(`/subject/dbms/topic/${all[0]!.topicId}/subtopic/${all[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: all[0]!.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeVisible();
    await page.getByRole('button', { name: 'Show answer' }).first().click();
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');
    await expect(page.getByTestId('mark-complete')).toHaveAttribute('aria-pressed', 'true');

    // Next lesson through the previous/next navigation, marked from the screen too.
    await page.getByRole('link', { name: `Next: ${all[1]!.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: all[1]!.name })).toBeVisible();
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');

    // The rest up to one short of half through the API; the last one from the screen.
    for (const item of all.slice(2, half - 1)) {
      const reply = await request.put(`/api/subjects/dbms/topics/${item.topicId}/subtopics/${item.id}/progress`, {
        headers: { authorization: `Bearer ${token}` },
        data: { completed: true },
      });
      expect(reply.ok()).toBeTruthy();
    }
    const last = all[half - 1]!;
    await page.goto(`/subject/dbms/topic/${last.topicId}/subtopic/${last.id}`);
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');

    const expected = Math.round((half / all.length) * 100);
    await page.getByTestId('nav-links').getByRole('button', { name: 'Core Subject' }).click();
    await expect(page.getByTestId('nav-subject-progress-dbms')).toHaveText(`${expected}%`);
    await page.getByRole('menuitem', { name: 'View All' }).click();
    await expect(card.getByTestId('subject-progress')).toHaveText(`${expected}%`);
    await expect(card.getByTestId('level-badge')).toHaveText(
      expected >= 80 ? 'Advanced' : expected >= 50 ? 'Intermediate' : 'Beginner',
    );
    const fullTopics = dbms.topics.filter((t) =>
      t.subtopics.every((s) => all.slice(0, half).some((d) => d.id === s.id && d.topicId === t.id)),
    ).length;
    await expect(card.getByTestId('topic-count')).toHaveText(`${fullTopics}/5 topics`);
  });

  test('a mark made offline is kept on the device and saved on the server when back online', async ({
    page,
    context,
    request,
  }) => {
    const { token } = await registerVerifiedUser(request, 'Otto Offline');
    await useToken(page, token);
    const os = await outline(request, token, 'os');
    const topic = os.topics[1]!;
    const subtopic = topic.subtopics[0]!;
    await page.goto(`/subject/os/topic/${topic.id}/subtopic/${subtopic.id}`);
    await expect(page.getByRole('heading', { level: 1, name: subtopic.name })).toBeVisible();

    await context.setOffline(true);
    await page.getByTestId('mark-complete').click();
    await expect(page.getByText("You're offline. Your progress is saved on this device")).toBeVisible();
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');
    const stored = await page.evaluate(() => window.localStorage.getItem('learnbuild.subjectProgress'));
    expect(JSON.parse(stored!).os[topic.id][subtopic.id]).toMatchObject({ completed: true, pending: true });
    expect((await outline(request, token, 'os')).topics[1]!.subtopics[0]!.completed).toBe(false);

    await context.setOffline(false);
    await expect(page.getByText('Back online: 1 saved mark was synced.')).toBeVisible();
    await expect.poll(async () => (await outline(request, token, 'os')).topics[1]!.subtopics[0]!.completed).toBe(true);
  });

  test('when the subjects call fails the cards show the progress stored on this device', async ({ page, request }) => {
    const { token } = await registerVerifiedUser(request, 'Flo Fallback');
    await useToken(page, token);
    const cn = await outline(request, token, 'cn');
    const topic = cn.topics[0]!;
    // Visit the subject once so the device learns its outline, and mark a whole topic.
    await page.goto('/subject/cn');
    for (const subtopic of topic.subtopics) {
      await page.goto(`/subject/cn/topic/${topic.id}/subtopic/${subtopic.id}`);
      await page.getByTestId('mark-complete').click();
      await expect(page.getByTestId('mark-complete')).toHaveText('Completed');
    }
    const total = cn.topics.reduce((sum, t) => sum + t.subtopics.length, 0);
    await page.route('**/api/subjects', (route) => route.abort());
    await page.goto('/core-subjects');
    await expect(page.getByText("You're offline. Showing the progress saved on this device.")).toBeVisible();
    const card = page.getByTestId('subject-card-cn');
    await expect(card.getByTestId('subject-progress')).toHaveText(
      `${Math.round((topic.subtopics.length / total) * 100)}%`,
    );
    await expect(card.getByTestId('topic-count')).toHaveText('1/5 topics');
    await expect(page.getByTestId('subject-card-oop')).toBeVisible();
  });
});
