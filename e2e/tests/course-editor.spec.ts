import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, DEMO, expect, registerVerifiedUser, signInAs, test, useToken } from './helpers';

/** A 1×1 PNG: a real image header, so the server types it as an image by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A small MP4: an ISO-BMFF 'ftyp' box (brand isom, which the server types as video/mp4 by its bytes)
 * followed by a 'free' box padding it to `size` bytes, enough for the progress bar to be seen on a
 * throttled link.
 */
function mp4(size = 768 * 1024): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  const free = Buffer.alloc(size - ftyp.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([ftyp, free]);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** An instructor who is not the demo one: a fresh learner an admin promotes. */
async function freshInstructor(request: APIRequestContext, name = 'Other Instructor') {
  const { token, email } = await registerVerifiedUser(request, name);
  const me = (await (await request.get('/api/auth/me', { headers: auth(token) })).json()).user as { id: string };
  const admin = await apiLogin(request, DEMO.admin);
  const promoted = await request.patch(`/api/admin/users/${me.id}/role`, {
    headers: auth(admin),
    data: { role: 'Instructor' },
  });
  expect(promoted.ok()).toBeTruthy();
  return { token, email, id: me.id };
}

/** A draft made through the API, with sections of lessons, for the tests that start from one. */
async function draftCourse(request: APIRequestContext, token: string, title: string, sections: string[][]) {
  const created = await request.post('/api/courses', {
    headers: auth(token),
    data: { title, description: 'Made by a browser test.' },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).course._id as string;
  for (const [sectionTitle, ...lessons] of sections) {
    const added = await request.post(`/api/courses/${id}/sections`, {
      headers: auth(token),
      data: { title: sectionTitle },
    });
    const sectionId = ((await added.json()).course.sections as { id: string }[]).at(-1)!.id;
    for (const lessonTitle of lessons) {
      const lesson = await request.post(`/api/courses/${id}/sections/${sectionId}/lessons`, {
        headers: auth(token),
        data: { title: lessonTitle, body: `Text of ${lessonTitle}` },
      });
      expect(lesson.status()).toBe(201);
    }
  }
  return id;
}

/** Opens an editor screen and waits for its heading: the screen's code loads on demand. */
async function openEditor(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
}

const lessonTitles = (page: Page) => page.getByTestId('lesson-title');
const sectionTitles = (page: Page) => page.getByTestId('section-title');

test.describe('course editor', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an instructor writes a course with an article and an uploaded video, publishes it after the checklist, and a student opens it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const title = `Query Plans in Practice ${Date.now()}`;
    await signInAs(page, DEMO.instructor);

    // The navbar's Create button leads to the form.
    await page.goto('/instructor-panel');
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL('/courses/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create a course' })).toBeVisible({ timeout: 15_000 });

    // The schema's own message shows before anything is sent.
    await page.getByRole('button', { name: 'Create draft course' }).click();
    await expect(page.getByText('Title must be at least 3 characters')).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Subtitle').fill('Read EXPLAIN output and fix slow queries');
    await page.getByLabel('Category').selectOption('Databases');
    await page.getByLabel('Level').selectOption('Intermediate');
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill('SQL');
    await tags.press('Enter');
    await tags.fill('postgres,');
    await expect(page.getByRole('button', { name: 'Remove tag sql' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove tag postgres' })).toBeVisible();
    await page.getByRole('button', { name: 'Add outcome' }).click();
    await page.getByLabel('Outcome 1', { exact: true }).fill('Read a query plan');
    await page
      .getByLabel('Thumbnail', { exact: true })
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Course thumbnail preview' })).toHaveAttribute(
      'src',
      /^\/api\/media\/[0-9a-f-]+\/content$/,
    );
    await page.getByRole('button', { name: 'Create draft course' }).click();

    await expect(page).toHaveURL(/\/courses\/edit\/[0-9a-f-]{36}\?tab=curriculum$/);
    const courseId = /edit\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('course-status').first()).toHaveText('Draft');

    // A section, then an article lesson whose markdown preview is what learners will see.
    await page.getByLabel('New section title').fill('Reading plans');
    await page.getByRole('button', { name: 'Add section' }).click();
    await expect(sectionTitles(page)).toHaveText(['Reading plans']);
    await page.getByRole('link', { name: 'Add a lesson to Reading plans' }).click();
    const editor = page.getByTestId('lesson-editor');
    await editor.getByLabel('Lesson title').fill('EXPLAIN, line by line');
    await editor.getByLabel('Duration (minutes)').fill('7');
    await editor
      .getByLabel('Lesson text', { exact: true })
      .fill('## Sequential scans\n\nA **Seq Scan** reads every row.\n\n- cost\n- rows');
    const preview = editor.getByRole('region', { name: 'Lesson text preview' });
    await expect(preview.getByRole('heading', { name: 'Sequential scans' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('Seq Scan');
    await expect(preview.getByRole('listitem')).toHaveText(['cost', 'rows']);
    await editor.getByRole('button', { name: 'Add lesson' }).click();
    await expect(page).toHaveURL(/lesson=[0-9a-f-]{36}/);
    await expect(editor.getByRole('heading', { name: 'Edit lesson: EXPLAIN, line by line' })).toBeVisible();
    await editor.getByRole('link', { name: 'Back to the curriculum' }).click();

    // A video lesson: the upload shows its progress, then the player.
    await page.getByRole('link', { name: 'Add a lesson to Reading plans' }).click();
    await editor.getByLabel('Lesson title').fill('Indexes, on video');
    await editor.getByRole('radio', { name: 'Video' }).check();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 192 * 1024,
    });
    await editor.getByLabel('Video file').setInputFiles({ name: 'indexes.mp4', mimeType: 'video/mp4', buffer: mp4() });
    const progress = editor.getByRole('progressbar', { name: 'Uploading indexes.mp4' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(editor.getByTestId('video-preview')).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(editor.getByTestId('video-preview')).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]+\/content$/);
    await expect(progress).toBeHidden();
    await editor.getByRole('button', { name: 'Add lesson' }).click();
    await expect(editor.getByRole('heading', { name: 'Edit lesson: Indexes, on video' })).toBeVisible();
    await editor.getByRole('link', { name: 'Back to the curriculum' }).click();
    await expect(lessonTitles(page)).toHaveText(['EXPLAIN, line by line', 'Indexes, on video']);

    // Reorder with the buttons: read out, saved, and still so after a reload.
    await page.getByRole('button', { name: 'Move down: EXPLAIN, line by line' }).click();
    await expect(lessonTitles(page)).toHaveText(['Indexes, on video', 'EXPLAIN, line by line']);
    await expect(page.getByTestId('curriculum-announcer')).toHaveText(
      'Moved "EXPLAIN, line by line" to position 2 of 2.',
    );
    await expect(page.getByRole('button', { name: 'Move up: EXPLAIN, line by line' })).toBeFocused();
    await page.reload();
    await expect(lessonTitles(page)).toHaveText(['Indexes, on video', 'EXPLAIN, line by line'], { timeout: 15_000 });

    // Publishing too early: the checklist says what is missing, and so does the server.
    await page.getByRole('tab', { name: 'Publish' }).click();
    const checklist = page.getByTestId('publish-checklist');
    await expect(checklist.locator('li[data-done="false"]')).toHaveText([/Add a description/]);
    await page.getByRole('button', { name: 'Publish course' }).click();
    await expect(page.getByRole('alert')).toContainText('This course is not ready to publish');
    await expect(page.getByRole('alert')).toContainText('Add a description');
    await expect(page.getByTestId('course-status').first()).toHaveText('Draft');

    // Fix it from the checklist: the description, previewed, then saved.
    await checklist.getByRole('button', { name: 'Edit details' }).click();
    await expect(page).toHaveURL(/tab=details/);
    await page
      .getByLabel('Description', { exact: true })
      .fill('## Who it is for\n\nDevelopers whose queries got slow.');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(
      page.getByRole('region', { name: 'Description preview' }).getByRole('heading', { name: 'Who it is for' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Details saved.')).toBeVisible();

    await page.getByRole('tab', { name: 'Publish' }).click();
    await expect(checklist.locator('li[data-done="false"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish course' }).click();
    await expect(page.getByTestId('course-status').first()).toHaveText('Published');
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

    // Unsaved changes: leaving asks first (in the app with a dialog, closing the tab with the browser's prompt).
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
    expect(
      await page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    ).toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Instructor Panel' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/edit/${courseId}`));
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`${title} (edited)`);
    await page.getByRole('main').getByRole('link', { name: 'Instructor Panel' }).click();
    await leave.getByRole('button', { name: 'Leave and discard changes' }).click();
    await expect(page).toHaveURL('/instructor-panel');

    // A student finds the published course at its address, and enrols (through the API).
    const slug = (await (await request.get(`/api/courses/${courseId}`)).json()).course.slug as string;
    const studentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const studentPage = await studentContext.newPage();
    await signInAs(studentPage, DEMO.student);
    await studentPage.goto(`/courses/${slug}`);
    await expect(studentPage.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
    await studentContext.close();
    const student = await apiLogin(request, DEMO.student);
    const enrolled = await request.post(`/api/courses/${courseId}/enroll`, { headers: auth(student) });
    expect(enrolled.ok()).toBeTruthy();
    const studentName = (await (await request.get('/api/auth/me', { headers: auth(student) })).json()).user
      .name as string;

    // The panel shows the course with its learner.
    await page.reload();
    const row = page.getByTestId('teaching-course').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByTestId('course-status')).toHaveText('Published');
    await row.getByRole('button', { name: 'Show learners (1)' }).click();
    await expect(row.getByTestId('learner-row')).toHaveCount(1);
    await expect(row.getByTestId('learner-row')).toContainText(studentName);
    await expect(row.getByRole('progressbar', { name: `Progress of ${studentName}` })).toBeVisible();
    await row.getByLabel(`Search learners of ${title}`).fill('nobody-matches-this');
    await expect(row.getByText('No learner matches "nobody-matches-this"')).toBeVisible();
    await expect(page).toHaveURL(/q=nobody-matches-this/);
  });

  test('sections reorder by dragging their handle, and the order is saved', async ({ page, request }) => {
    const token = await apiLogin(request, DEMO.instructor);
    const id = await draftCourse(request, token, `Drag Course ${Date.now()}`, [
      ['Alpha', 'A1'],
      ['Beta', 'B1'],
      ['Gamma', 'G1'],
    ]);
    await signInAs(page, DEMO.instructor);
    await openEditor(page, `/courses/edit/${id}?tab=curriculum`, /Drag Course/);
    await expect(sectionTitles(page)).toHaveText(['Alpha', 'Beta', 'Gamma']);

    const cards = page.getByTestId('section-card');
    // A real drag: press on the handle, move over the last section (twice: Chromium starts the drag on the
    // first move and delivers dragover on the next), release.
    await cards.nth(0).getByTestId('drag-handle').first().hover();
    await page.mouse.down();
    const target = (await cards.nth(2).getByTestId('section-title').boundingBox())!;
    await page.mouse.move(target.x + 5, target.y + 5, { steps: 5 });
    await page.mouse.move(target.x + 10, target.y + 5, { steps: 5 });
    await page.mouse.up();
    await expect(sectionTitles(page)).toHaveText(['Beta', 'Gamma', 'Alpha']);
    await expect(page.getByTestId('curriculum-announcer')).toHaveText('Moved "Alpha" to position 3 of 3.');
    await expect
      .poll(async () => {
        const course = (await (await request.get(`/api/courses/${id}`, { headers: auth(token) })).json()).course;
        return (course.sections as { title: string }[]).map((section) => section.title);
      })
      .toEqual(['Beta', 'Gamma', 'Alpha']);

    // Deleting asks first.
    await page.getByRole('button', { name: 'Delete section: Gamma' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the section "Gamma"?' });
    await expect(confirm).toContainText('Its 1 lesson goes with it');
    await confirm.getByRole('button', { name: 'Delete section' }).click();
    await expect(sectionTitles(page)).toHaveText(['Beta', 'Alpha']);
  });

  test('a quiz lesson is written with its questions and correct answers', async ({ page, request }) => {
    const token = await apiLogin(request, DEMO.instructor);
    const id = await draftCourse(request, token, `Quiz Course ${Date.now()}`, [['Checks']]);
    await signInAs(page, DEMO.instructor);
    await openEditor(page, `/courses/edit/${id}?tab=curriculum`, /Quiz Course/);
    await page.getByRole('link', { name: 'Add a lesson to Checks' }).click();
    const editor = page.getByTestId('lesson-editor');
    await editor.getByLabel('Lesson title').fill('Check yourself');
    await editor.getByRole('radio', { name: 'Quiz' }).check();
    await editor.getByRole('button', { name: 'Add lesson' }).click();
    await expect(editor.getByText('Add at least one question')).toBeVisible();

    await editor.getByRole('button', { name: 'Add question' }).click();
    await editor.getByLabel('Question 1 text').fill('Which scan reads every row?');
    await editor.getByLabel('Question 1, option A').fill('Index Scan');
    await editor.getByLabel('Question 1, option B').fill('Seq Scan');
    await editor.getByRole('button', { name: 'Add lesson' }).click();
    await expect(editor.getByText('Pick the correct option')).toBeVisible();
    await editor.getByRole('radio', { name: 'Option B is correct' }).check();
    await editor.getByLabel('Explanation for question 1').fill('A sequential scan visits each row.');
    await editor.getByRole('button', { name: 'Add lesson' }).click();
    await expect(editor.getByRole('heading', { name: 'Edit lesson: Check yourself' })).toBeVisible();

    const course = (await (await request.get(`/api/courses/${id}`, { headers: auth(token) })).json()).course;
    expect(course.sections[0].lessons[0]).toMatchObject({
      kind: 'quiz',
      quizAnswers: [{ prompt: 'Which scan reads every row?', options: ['Index Scan', 'Seq Scan'], answer: 1 }],
    });
  });

  test("another instructor sees 'You can only edit your own courses', and their own empty panel", async ({
    page,
    request,
  }) => {
    const demo = await apiLogin(request, DEMO.instructor);
    const teaching = (await (await request.get('/api/courses?mine=teaching', { headers: auth(demo) })).json())
      .courses as { _id: string; status: string }[];
    const published = teaching.find((course) => course.status === 'published')!;
    const draft = await draftCourse(request, demo, `Private Draft ${Date.now()}`, []);

    const other = await freshInstructor(request);
    const refused = await request.put(`/api/courses/${published._id}`, {
      headers: auth(other.token),
      data: { title: 'Taken over' },
    });
    expect(refused.status()).toBe(403);

    await useToken(page, other.token);
    await page.goto(`/courses/edit/${published._id}`);
    await expect(page.getByRole('heading', { name: 'You can only edit your own courses' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('link', { name: 'View this course' })).toBeVisible();
    await page.goto(`/courses/edit/${draft}`);
    await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible({ timeout: 15_000 });

    await page.goto('/instructor-panel');
    await expect(page.getByRole('heading', { name: 'You have no courses yet' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Open DSA Management' })).toBeVisible();
    await page.getByRole('link', { name: 'Create your first course' }).click();
    await expect(page).toHaveURL('/courses/create');
  });
});
