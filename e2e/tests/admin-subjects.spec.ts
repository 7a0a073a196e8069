import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO, expect, POPUP_KEY, readyOnNavigation, signInAs, test } from './helpers';

type Outline = { topics: { id: string; subtopics: { id: string }[] }[] };

async function subjectIds(request: APIRequestContext): Promise<string[]> {
  return ((await (await request.get('/api/subjects')).json()).subjects as { id: string }[]).map((s) => s.id);
}

async function outline(request: APIRequestContext, subjectId: string): Promise<Outline> {
  return (await (await request.get(`/api/subjects/${subjectId}`)).json()).subject as Outline;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A second browser, so the learner's session never mixes with the admin's. */
async function openAsStudent(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = readyOnNavigation(await context.newPage());
  await page.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
  const token = await signInAs(page, DEMO.student);
  return { context, page, token };
}

test.describe('admin subjects', () => {
  test('a student visiting /admin/subjects lands on /dashboard', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/admin/subjects');
    await expect(page).toHaveURL('/dashboard');
  });

  test('an admin builds a subject with a topic and a lesson, a student reads it, the admin deletes it', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const id = `graphs-${Date.now().toString(36)}`;
    await signInAs(page, DEMO.admin);
    await page.goto('/admin/subjects');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage subjects' })).toBeVisible();
    const seeded = await subjectIds(request);
    const subjectRows = page.getByRole('list', { name: 'Subjects' }).getByRole('listitem');
    await expect(subjectRows).toHaveCount(seeded.length);

    // Create a subject: the schema refuses a bad id, the server refuses a taken one.
    await page.getByRole('button', { name: 'New subject' }).click();
    const newSubject = page.getByRole('dialog', { name: 'New subject' });
    await newSubject.getByLabel('Id').fill('Graph Theory!');
    await newSubject.getByLabel('Name').fill('Graph Theory');
    await newSubject.getByRole('button', { name: 'Create subject' }).click();
    await expect(newSubject.getByText('Use lowercase letters, digits and dashes')).toBeVisible();
    await expect(newSubject.getByLabel('Id')).toHaveAttribute('aria-invalid', 'true');

    await newSubject.getByLabel('Id').fill('dbms');
    await newSubject.getByRole('button', { name: 'Create subject' }).click();
    await expect(newSubject.getByRole('alert')).toHaveText('A subject with id "dbms" already exists');

    await newSubject.getByLabel('Id').fill(id);
    await newSubject.getByText('Network', { exact: true }).click();
    await expect(newSubject.getByRole('radio', { name: 'Network' })).toBeChecked();
    await newSubject.getByLabel('Description').fill('Paths, trees and flows.');
    await newSubject.getByRole('button', { name: 'Create subject' }).click();
    await expect(newSubject).toBeHidden();
    await expect(page.getByText('Created Graph Theory')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Topics of Graph Theory' })).toBeVisible();

    // The navbar dropdown refreshed without a reload.
    await page.getByTestId('nav-links').getByRole('button', { name: 'Core Subject' }).click();
    await expect(page.getByRole('menuitem', { name: /Graph Theory/ })).toBeVisible();
    await page.keyboard.press('Escape');

    // Reorder subjects: the new one moves up from last place, and keeps the keyboard focus.
    await page.getByRole('button', { name: 'Move Graph Theory up' }).click();
    await expect(subjectRows.nth(seeded.length - 1)).toContainText('Graph Theory');
    await expect(page.getByRole('button', { name: 'Move Graph Theory up' })).toBeFocused();
    await expect.poll(async () => (await subjectIds(request)).indexOf(id)).toBe(seeded.length - 1);

    // Two topics, then the second moved above the first.
    for (const topic of [
      { id: 'shortest-paths', name: 'Shortest Paths' },
      { id: 'spanning-trees', name: 'Spanning Trees' },
    ]) {
      await page.getByRole('button', { name: 'New topic' }).click();
      const dialog = page.getByRole('dialog', { name: 'New topic' });
      await dialog.getByLabel('Id').fill(topic.id);
      await dialog.getByLabel('Name').fill(topic.name);
      await dialog.getByRole('button', { name: 'Create topic' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: `Lessons of ${topic.name}` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'New topic' }).click();
    const duplicateTopic = page.getByRole('dialog', { name: 'New topic' });
    await duplicateTopic.getByLabel('Id').fill('shortest-paths');
    await duplicateTopic.getByLabel('Name').fill('Again');
    await duplicateTopic.getByRole('button', { name: 'Create topic' }).click();
    await expect(duplicateTopic.getByRole('alert')).toHaveText(
      'A topic with id "shortest-paths" already exists in this subject',
    );
    await duplicateTopic.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Move Spanning Trees up' }).click();
    const topics = page.getByRole('list', { name: 'Topics of Graph Theory' }).getByRole('listitem');
    await expect(topics).toHaveText([/Spanning Trees/, /Shortest Paths/]);
    // At the top "up" is disabled, so focus moves to the row's other move button.
    await expect(page.getByRole('button', { name: 'Move Spanning Trees down' })).toBeFocused();
    await expect
      .poll(async () => (await outline(request, id)).topics.map((t) => t.id))
      .toEqual(['spanning-trees', 'shortest-paths']);

    // A lesson with a self-check question, its markdown previewed live.
    await page.getByRole('button', { name: 'Shortest Paths 0 lessons' }).click();
    await expect(page.getByRole('heading', { name: 'Lessons of Shortest Paths' })).toBeVisible();
    await page.getByRole('button', { name: 'New lesson' }).click();
    const newLesson = page.getByRole('dialog', { name: 'New lesson' });
    await newLesson.getByLabel('Id').fill('dijkstra');
    await newLesson.getByLabel('Name').fill("Dijkstra's algorithm");
    await newLesson.getByLabel('Body (markdown)').fill('## Idea\n\nA first draft.');
    await expect(newLesson.getByTestId('lesson-preview').getByRole('heading', { name: 'Idea' })).toBeVisible();
    await newLesson.getByRole('button', { name: 'Add question' }).click();
    await newLesson.getByRole('button', { name: 'Create lesson' }).click();
    await expect(newLesson.getByText('Write the question')).toBeVisible();
    await newLesson.getByLabel('Question 1').fill('Which edge weights break Dijkstra?');
    await newLesson.getByLabel('Answer 1').fill('Negative ones.');
    await newLesson.getByRole('button', { name: 'Create lesson' }).click();
    await expect(newLesson).toBeHidden();
    await expect(page.getByText("Created Dijkstra's algorithm")).toBeVisible();

    // Edit the body; the preview follows the text.
    await page.getByRole('button', { name: "Edit Dijkstra's algorithm" }).click();
    const editor = page.getByRole('dialog', { name: "Edit Dijkstra's algorithm" });
    await expect(editor.getByLabel('Body (markdown)')).toHaveValue('## Idea\n\nA first draft.');
    await expect(editor.getByLabel('Question 1')).toHaveValue('Which edge weights break Dijkstra?');
    await editor.getByLabel('Body (markdown)').fill('## Idea\n\nAlways expand the **closest** unvisited node.');
    await expect(editor.getByTestId('lesson-preview').getByText('closest', { exact: true })).toBeVisible();
    // Escape with unsaved work asks first; declining keeps the editor open.
    let asked = '';
    page.once('dialog', (prompt) => {
      asked = prompt.message();
      void prompt.dismiss();
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => asked).toBe('Discard your unsaved changes?');
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel('Body (markdown)')).toHaveValue(/closest/);
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save lesson' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText("Saved Dijkstra's algorithm")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The learner reads the edited lesson and completes it.
    const student = await openAsStudent(browser);
    await student.page.goto(`/subject/${id}`);
    await expect(student.page.getByRole('heading', { level: 1, name: 'Graph Theory' })).toBeVisible();
    await student.page.getByRole('link', { name: "Dijkstra's algorithm" }).click();
    await expect(student.page).toHaveURL(`/subject/${id}/topic/shortest-paths/subtopic/dijkstra`);
    await expect(student.page.getByRole('heading', { level: 1, name: "Dijkstra's algorithm" })).toBeVisible();
    await expect(student.page.getByText('Always expand the closest unvisited node.')).toBeVisible();
    await expect(student.page.getByText('A first draft.')).toHaveCount(0);
    await expect(student.page.getByText('1. Which edge weights break Dijkstra?')).toBeVisible();
    await student.page.getByTestId('mark-complete').click();
    await expect(student.page.getByTestId('mark-complete')).toHaveText('Completed');

    // Spanning Trees has no lesson yet: it shows as such, and does not count as an open topic.
    await student.page.goto(`/subject/${id}/topic/spanning-trees`);
    await expect(student.page.getByRole('heading', { name: 'No lessons in this topic yet' })).toBeVisible();
    await expect(student.page.getByText('Spanning Trees has no lessons yet.')).toBeVisible();
    await student.page.getByRole('link', { name: 'Back to the outline' }).click();
    await expect(student.page).toHaveURL(`/subject/${id}`);
    await expect(student.page.getByTestId('topic-spanning-trees').getByTestId('topic-progress')).toHaveText(
      'No lessons yet',
    );
    await expect(student.page.getByTestId('topic-shortest-paths').getByTestId('topic-progress')).toHaveText(
      '1/1 lessons',
    );
    await expect(student.page.getByTestId('subject-detail-progress')).toHaveText('100%');
    await student.page.goto('/core-subjects');
    const studentCard = student.page.getByTestId(`subject-card-${id}`);
    await expect(studentCard.getByTestId('subject-progress')).toHaveText('100%');
    await expect(studentCard.getByTestId('topic-count')).toHaveText('1/1 topics');
    await expect(studentCard.getByTestId('level-badge')).toHaveText('Advanced');

    // The admin deletes the subject after a warning about learners' progress.
    await page.getByRole('button', { name: 'Delete Graph Theory' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Graph Theory?' });
    await expect(confirm).toContainText("every learner's progress on this subject");
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete subject' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Subject deleted with its topics, lessons and progress')).toBeVisible();
    await expect(subjectRows).toHaveCount(seeded.length);
    await expect(page.getByRole('heading', { name: 'Subjects', exact: true })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Topics', exact: true })).toBeVisible();

    const gone = await request.get(`/api/subjects/${id}`, { headers: { authorization: `Bearer ${student.token}` } });
    expect(gone.status()).toBe(404);
    await student.page.goto('/core-subjects');
    await expect(student.page.getByTestId('subject-card-dbms')).toBeVisible();
    await expect(student.page.getByText('Graph Theory')).toHaveCount(0);
    await student.context.close();
  });
});
