import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  logInWithForm,
  POPUP_KEY,
  readMail,
  readyOnNavigation,
  registerVerifiedUser,
  signInAs,
  test,
  useToken,
} from './helpers';
import { XSS_PAYLOADS } from './xss-payloads';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface Thread {
  id: string;
  title: string;
}

async function createThread(
  request: APIRequestContext,
  token: string,
  data: { title: string; body: string; category?: string; tags?: string[] },
): Promise<Thread> {
  const reply = await request.post('/api/community/threads', { headers: auth(token), data });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).thread as Thread;
}

async function createReply(request: APIRequestContext, token: string, threadId: string, body: string) {
  const reply = await request.post(`/api/community/threads/${threadId}/replies`, {
    headers: auth(token),
    data: { body },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).reply as { id: string };
}

/** A second person at another computer: a fresh context, signed in with `token` (or anonymous), popup seen. */
async function otherPage(browser: Browser, token: string | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
  const page = readyOnNavigation(await context.newPage());
  if (token) await useToken(page, token);
  return page;
}

/** Opens a thread and waits for its heading (the screen's code loads on demand). */
async function openThread(page: Page, id: string) {
  await page.goto(`/community/${id}`);
  await expect(page.getByTestId('thread')).toBeVisible({ timeout: 15_000 });
}

/** Letters only, so the full-text parser keeps it as one word. */
const uniqueWord = (prefix: string) =>
  `${prefix}${Date.now()
    .toString()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a')}`;

const replyBy = (page: Page, text: string): Locator => page.getByTestId('reply').filter({ hasText: text });

test.describe('community', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a member starts a thread, another replies, the author accepts the answer and it shows first and Answered', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const author = await registerVerifiedUser(page.request, 'Asha Author');
    const helper = await registerVerifiedUser(page.request, 'Hari Helper');
    const word = uniqueWord('kheap');
    const title = `Top k frequent elements without sorting everything (${word})`;
    await useToken(page, author.token);

    // The composer: title, category, tags and a markdown body with a preview.
    await page.goto('/community');
    await page.getByRole('button', { name: 'New thread' }).click();
    const composer = page.getByRole('dialog', { name: 'Start a thread' });
    await composer.getByLabel('Title').fill(title);
    await composer.getByLabel('Category').selectOption('dsa-help');
    await composer.getByRole('textbox', { name: 'Tags (optional)' }).fill('heap, top-k,');
    await composer
      .getByRole('textbox', { name: 'Body' })
      .fill(
        `I sort the counts, which is O(n log n). Is a **min-heap** better? ${word}\n\n\`\`\`python\nfrom collections import Counter\n\`\`\``,
      );
    await composer.getByRole('button', { name: 'Preview' }).click();
    await expect(composer.getByTestId('markdown-preview').locator('strong')).toHaveText('min-heap');
    await expect(composer.getByRole('region', { name: 'Code example in PYTHON' })).toBeVisible();
    await composer.getByRole('button', { name: 'Post thread' }).click();

    await expect(page).toHaveURL(/\/community\/[0-9a-f-]{36}$/);
    const threadId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('thread').getByRole('list', { name: 'Tags' })).toHaveText('#heap#top-k');
    await expect(page.getByRole('heading', { name: '0 replies' })).toBeVisible();

    // Another member replies: once through the API, once on the page.
    await createReply(page.request, helper.token, threadId, 'Sorting is fine for small inputs, honestly.');
    const helperPage = await otherPage(browser, helper.token);
    await openThread(helperPage, threadId);
    await helperPage.getByRole('textbox', { name: 'Your reply' }).fill('Keep a **min-heap of size k**: O(n log k).');
    await helperPage.getByRole('button', { name: 'Post reply' }).click();
    await expect(replyBy(helperPage, 'min-heap of size k')).toBeVisible();
    await expect(replyBy(helperPage, 'min-heap of size k')).toBeFocused();
    await expect(helperPage.getByRole('heading', { name: '2 replies' })).toBeVisible();
    // Only the thread's author may choose the answer.
    await expect(helperPage.getByRole('button', { name: 'Accept answer' })).toHaveCount(0);
    await helperPage.context().close();

    // The author hears about it by mail (their setting is on by default).
    await readMail(author.email, /Hari Helper replied to your thread/);

    // The author accepts the second reply: it moves first, marked, and the result is announced.
    await page.reload();
    const replies = page.getByTestId('reply');
    await expect(replies).toHaveCount(2);
    await expect(replies.first()).toContainText('Sorting is fine');
    await replyBy(page, 'min-heap of size k').getByRole('button', { name: 'Accept answer' }).click();
    await expect(replies.first()).toContainText('Accepted answer');
    await expect(replies.first()).toContainText('min-heap of size k');
    await expect(replies.first()).toBeFocused();
    await expect(page.getByTestId('community-announcer')).toHaveText(/marked as the answer and now shows first/);
    await expect(page.getByTestId('thread').getByText('Answered')).toBeVisible();

    // The list shows it Answered; Unanswered leaves it out; the search finds it by a word of its body.
    await page.goto('/community?category=dsa-help');
    const row = page.getByTestId('thread-row').filter({ hasText: title });
    await expect(row).toContainText('Answered');
    await page.getByRole('navigation', { name: 'Sort threads' }).getByRole('link', { name: 'Unanswered' }).click();
    await expect(page).toHaveURL(/category=dsa-help&sort=unanswered/);
    await expect(page.getByTestId('community-summary')).toContainText('unanswered');
    await expect(page.getByTestId('thread-row').filter({ hasText: title })).toHaveCount(0);
    await page.goto('/community');
    await page.getByRole('searchbox', { name: 'Search threads' }).fill(word);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expect(page.getByTestId('thread-row')).toHaveCount(1);
    await expect(page.getByTestId('thread-row')).toContainText(title);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search threads' })).toHaveValue(word);
    await expect(page.getByTestId('thread-row')).toContainText(title);
  });

  test('a member votes once on a thread and a reply, by mouse or keyboard, never on their own post', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const author = await registerVerifiedUser(page.request, 'Vera Author');
    const voter = await registerVerifiedUser(page.request, 'Vic Voter');
    const thread = await createThread(page.request, author.token, {
      title: 'Is recursion always slower than iteration?',
      body: 'A question about call overhead.',
    });
    await createReply(page.request, author.token, thread.id, 'Adding some context myself.');

    await useToken(page, voter.token);
    await openThread(page, thread.id);
    const threadVote = page.getByRole('button', { name: /Upvote this thread/ });
    await expect(threadVote).toHaveAttribute('aria-pressed', 'false');
    await expect(threadVote).toHaveAccessibleName('Upvote this thread, 0 votes');
    await threadVote.click();
    await expect(threadVote).toHaveAttribute('aria-pressed', 'true');
    await expect(threadVote).toContainText('1');
    await expect(page.getByTestId('community-announcer')).toHaveText('Upvoted. 1 vote.');

    // A second vote by the same member changes nothing, even sent twice at once.
    const twice = await Promise.all(
      [1, 2].map(async () =>
        (await page.request.post(`/api/community/threads/${thread.id}/vote`, { headers: auth(voter.token) })).json(),
      ),
    );
    expect(twice.map((reply) => reply.votes)).toEqual([1, 1]);
    await page.reload();
    await expect(threadVote).toHaveAttribute('aria-pressed', 'true');
    await expect(threadVote).toContainText('1');

    // The keyboard takes the vote back and gives it again.
    await threadVote.focus();
    await page.keyboard.press('Space');
    await expect(threadVote).toHaveAttribute('aria-pressed', 'false');
    await expect(threadVote).toContainText('0');
    await expect(page.getByTestId('community-announcer')).toHaveText('Vote removed. 0 votes.');
    await page.keyboard.press('Enter');
    await expect(threadVote).toHaveAttribute('aria-pressed', 'true');

    const replyVote = page.getByRole('button', { name: /Upvote reply by Vera Author/ });
    await replyVote.click();
    await expect(replyVote).toHaveAttribute('aria-pressed', 'true');
    await expect(replyVote).toContainText('1');

    // The author sees the counts of their own posts, with nothing to press.
    const authorPage = await otherPage(browser, author.token);
    await openThread(authorPage, thread.id);
    await expect(authorPage.getByRole('button', { name: /Upvote/ })).toHaveCount(0);
    await expect(authorPage.getByTestId('thread')).toContainText('1 vote');
    expect(
      (
        await authorPage.request.post(`/api/community/threads/${thread.id}/vote`, { headers: auth(author.token) })
      ).status(),
    ).toBe(403);
    await authorPage.context().close();

    // A visitor is asked to log in, and comes back to the thread.
    const visitor = await otherPage(browser, null);
    await openThread(visitor, thread.id);
    await visitor.getByRole('button', { name: /Upvote this thread/ }).click();
    await expect(visitor).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/community/${thread.id}`)}`);
    await visitor.context().close();
  });

  test('a report reaches the admin queue, and hiding the post removes it for everyone else', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const author = await registerVerifiedUser(page.request, 'Rita Reporter');
    const spammer = await registerVerifiedUser(page.request, 'Sid Spammer');
    const spam = `Buy cheap followers now ${uniqueWord('spam')}`;
    const reason = `Spam link, nothing to do with the question (${uniqueWord('r')})`;
    const thread = await createThread(page.request, author.token, {
      title: 'How do I revise operating systems in a week?',
      body: 'Looking for a plan.',
      category: 'core-subjects',
    });
    await createReply(page.request, spammer.token, thread.id, spam);

    // The author reports the reply with a reason, from the keyboard.
    await useToken(page, author.token);
    await openThread(page, thread.id);
    await replyBy(page, spam).getByRole('button', { name: 'Report' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Say briefly what is wrong')).toBeVisible();
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks for the report' })).toBeVisible();
    // One open report per member per post.
    await replyBy(page, spam).getByRole('button', { name: 'Report' }).click();
    await dialog.getByLabel('Reason').fill('Again, it is still spam');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('You have already reported this post')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The Admin Panel's queue shows it: reason, reporter, the post's author and an excerpt, a link to the thread.
    const admin = await otherPage(browser, null);
    await signInAs(admin, DEMO.admin);
    await admin.goto('/admin?tab=reports');
    const card = admin.getByTestId('report-card').filter({ hasText: reason });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('Reply by Sid Spammer');
    await expect(card).toContainText('Reported by Rita Reporter');
    await expect(card).toContainText(spam);
    await expect(card.getByRole('link', { name: 'How do I revise operating systems in a week?' })).toHaveAttribute(
      'href',
      new RegExp(`/community/${thread.id}#reply-`),
    );
    await card.getByRole('button', { name: 'Hide post' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'The post is hidden' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await admin.getByLabel('Status').selectOption('resolved');
    await expect(admin).toHaveURL(/tab=reports&status=resolved/);
    await expect(admin.getByTestId('report-card').filter({ hasText: reason })).toContainText('Post hidden');

    // The audit log names the action in words, with the thread.
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const entry = admin.getByRole('listitem').filter({ hasText: 'Hid a reply' }).first();
    await expect(entry).toContainText('Sid Spammer');
    await expect(entry).toContainText('from a report');
    await expect(entry.getByRole('link', { name: 'How do I revise operating systems in a week?' })).toBeVisible();

    // Moderators still see it, marked; nobody else does.
    await openThread(admin, thread.id);
    await expect(replyBy(admin, spam)).toContainText('Hidden: only moderators see it');
    await admin.context().close();

    const visitor = await otherPage(browser, null);
    await openThread(visitor, thread.id);
    await expect(visitor.getByRole('heading', { name: '0 replies' })).toBeVisible();
    await expect(visitor.getByText(spam)).toHaveCount(0);
    await visitor.context().close();

    await page.reload();
    await expect(page.getByRole('heading', { name: '0 replies' })).toBeVisible();
    await expect(page.getByText(spam)).toHaveCount(0);
  });

  test('a moderator locks, pins and hides a thread from its page', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const author = await registerVerifiedUser(page.request, 'Lena Locked');
    const title = `Heated debate about tabs versus spaces (${uniqueWord('t')})`;
    const thread = await createThread(page.request, author.token, { title, body: 'Tabs, obviously.' });

    await signInAs(page, DEMO.instructor);
    await openThread(page, thread.id);
    const moderation = page.getByRole('group', { name: 'Moderation' });
    await moderation.getByRole('button', { name: 'Lock' }).click();
    await expect(moderation.getByRole('button', { name: 'Lock' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Thread locked' })).toBeVisible();
    await expect(page.getByText('This thread is locked by a moderator')).toBeVisible();

    // The author can no longer reply or edit.
    const authorPage = await otherPage(browser, author.token);
    await openThread(authorPage, thread.id);
    await expect(authorPage.getByText('This thread is locked by a moderator')).toBeVisible();
    await expect(authorPage.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);
    await expect(authorPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(authorPage.getByTestId('thread').getByText('Locked', { exact: true })).toBeVisible();
    await authorPage.context().close();

    // Pinned threads lead the list.
    await moderation.getByRole('button', { name: 'Pin' }).click();
    await expect(moderation.getByRole('button', { name: 'Pin' })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/community');
    await expect(page.getByTestId('thread-row').first()).toContainText(title);
    await expect(page.getByTestId('thread-row').first()).toContainText('Pinned');
    await openThread(page, thread.id);
    await page.getByRole('group', { name: 'Moderation' }).getByRole('button', { name: 'Pin' }).click();
    await expect(page.getByRole('group', { name: 'Moderation' }).getByRole('button', { name: 'Pin' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Hidden: the moderator keeps it, marked; a visitor finds nothing.
    await page.getByRole('group', { name: 'Moderation' }).getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByText('This thread is hidden: only moderators can see it')).toBeVisible();
    const visitor = await otherPage(browser, null);
    await visitor.goto(`/community/${thread.id}`);
    await expect(visitor.getByRole('heading', { name: 'Thread not found' })).toBeVisible({ timeout: 15_000 });
    await visitor.goto('/community');
    await expect(visitor.getByTestId('thread-row').first()).toBeVisible();
    await expect(visitor.getByTestId('thread-row').filter({ hasText: title })).toHaveCount(0);
    await visitor.context().close();
  });

  test('an author edits their thread and reply in place (marked edited) and deletes a reply after confirming', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const author = await registerVerifiedUser(page.request, 'Eddie Editor');
    const thread = await createThread(page.request, author.token, {
      title: 'Graph colouring: greedy or backtracking?',
      body: 'First draft of the question.',
      tags: ['graphs'],
    });
    await createReply(page.request, author.token, thread.id, 'A note I will remove.');
    await useToken(page, author.token);
    await openThread(page, thread.id);
    await expect(page.getByTestId('thread')).not.toContainText('edited');

    await page.getByTestId('thread').getByRole('button', { name: 'Edit' }).first().click();
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.getByLabel('Title').fill('Graph colouring: greedy or backtracking, for exams?');
    await page.getByRole('textbox', { name: 'Body' }).fill('Second draft, with `code`.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Graph colouring: greedy or backtracking, for exams?',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByTestId('thread')).toContainText('edited');
    await expect(page.getByTestId('thread').locator('code')).toHaveText('code');

    const reply = replyBy(page, 'A note I will remove.');
    await reply.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Edit your reply' }).fill('A note I will remove, edited.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(replyBy(page, 'A note I will remove, edited.')).toContainText('edited');

    await replyBy(page, 'A note I will remove, edited.').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this reply?' })
      .getByRole('button', { name: 'Delete reply' })
      .click();
    await expect(page.getByTestId('reply')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '0 replies' })).toBeFocused();
  });

  test('a visitor pressing New thread logs in and comes back to the composer', async ({ page }) => {
    await page.goto('/community');
    await page.getByRole('link', { name: 'New thread' }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/community?new=1')}`);
    await logInWithForm(page, DEMO.student);
    await expect(page.getByRole('dialog', { name: 'Start a thread' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/community$/);
    // Closing it with words typed asks first; with nothing typed it just closes.
    const composer = page.getByRole('dialog', { name: 'Start a thread' });
    await composer.getByLabel('Title').fill('Half a question about heaps');
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Discard this thread?' })
      .getByRole('button', { name: 'Keep writing' })
      .click();
    await expect(composer.getByLabel('Title')).toHaveValue('Half a question about heaps');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Discard this thread?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'New thread' }).click();
    await expect(composer.getByLabel('Title')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the reply-mail setting in /profile saves with a toast and survives a reload', async ({ page }) => {
    const member = await registerVerifiedUser(page.request, 'Nora Notified');
    await useToken(page, member.token);
    await page.goto('/profile');
    const setting = page.getByRole('switch', { name: 'Email me when someone replies to my thread' });
    await expect(setting).toBeChecked({ timeout: 15_000 });
    await setting.click();
    await expect(page.getByRole('status').filter({ hasText: 'Reply emails are off' })).toBeVisible();
    await expect(setting).not.toBeChecked();
    await page.reload();
    await expect(setting).not.toBeChecked();
    const saved = await (await page.request.get('/api/auth/preferences', { headers: auth(member.token) })).json();
    expect(saved.preferences).toEqual({ notifyOnReply: false, revisionSchedule: 'adaptive' });
    await setting.focus();
    await page.keyboard.press('Space');
    await expect(setting).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Reply emails are on' })).toBeVisible();
  });

  test('XSS payloads in titles, bodies, tags and replies render as inert text', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const dialogs: string[] = [];
    const watch = (target: Page) =>
      target.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    watch(page);

    // Every payload fits a title; short ones share one. New accounts start 5 threads an hour: a few authors.
    const groups: string[][] = [];
    for (const payload of XSS_PAYLOADS) {
      const last = groups.at(-1);
      if (last && [...last, payload].join(' ').length <= 150) last.push(payload);
      else groups.push([payload]);
    }
    const threads: { id: string; title: string; tags: string[] }[] = [];
    let author: { token: string } | null = null;
    for (const [index, group] of groups.entries()) {
      if (index % 5 === 0) author = await registerVerifiedUser(page.request, `Xss Author ${index / 5 + 1}`);
      // Titles and tags are one line: the payloads' line breaks read as spaces there.
      const title = group.join(' ').replace(/\s+/g, ' ');
      const tags = [
        ...new Set(group.map((payload) => payload.replace(/\s+/g, ' ').slice(0, 30).trim().toLowerCase())),
      ].slice(0, 5);
      const body = group.join('\n\n');
      const thread = await createThread(page.request, author!.token, { title, body, tags, category: 'general' });
      await createReply(page.request, author!.token, thread.id, body);
      threads.push({ id: thread.id, title, tags });
    }

    /** Nothing of the payloads became markup: no script, frame, handler attribute or dangerous URL in `scope`. */
    const inertFindings = (target: Page, scope: string) =>
      target.evaluate((selector) => {
        const found: string[] = [];
        const bad = /^\s*(javascript|data|vbscript):/i;
        for (const root of Array.from(document.querySelectorAll(selector))) {
          for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
            const tag = element.tagName.toLowerCase();
            if (
              [
                'script',
                'iframe',
                'object',
                'embed',
                'form',
                'input',
                'details',
                'math',
                'style',
                'base',
                'meta',
                'link',
                'video',
                'source',
              ].includes(tag) ||
              (tag === 'svg' && !element.classList.contains('lucide'))
            ) {
              found.push(`<${tag}> element`);
            }
            for (const attribute of Array.from(element.attributes)) {
              if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
              if (
                ['href', 'src', 'action', 'srcdoc', 'data', 'formaction'].includes(attribute.name) &&
                bad.test(
                  Array.from(attribute.value)
                    .filter((char) => char.charCodeAt(0) > 32)
                    .join(''),
                )
              )
                found.push(`${tag}[${attribute.name}=${attribute.value}]`);
            }
          }
        }
        return found;
      }, scope);
    const noScriptRan = async (target: Page) =>
      expect(await target.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();

    // The thread pages: the title as plain text in the heading, tags as text, the body and the reply inert.
    for (const thread of threads) {
      await openThread(page, thread.id);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(thread.title);
      await expect(page.getByTestId('reply')).toHaveCount(1);
      const tags = page.getByTestId('thread').getByRole('list', { name: 'Tags' }).getByRole('listitem');
      await expect(tags).toHaveText(thread.tags.map((tag) => `#${tag}`));
      expect(await inertFindings(page, '[data-testid="thread"], [data-testid="reply"]')).toEqual([]);
      await noScriptRan(page);
    }

    // The list pages show every title (a link of plain text) and tag as text.
    const seen = new Set<string>();
    for (let listPage = 1; seen.size < threads.length && listPage <= 5; listPage++) {
      await page.goto(`/community?category=general${listPage > 1 ? `&page=${listPage}` : ''}`);
      await expect(page.getByTestId('thread-row').first()).toBeVisible();
      for (const thread of threads) {
        if ((await page.getByRole('link', { name: thread.title, exact: true }).count()) > 0) seen.add(thread.id);
      }
      expect(await inertFindings(page, '[data-testid="thread-row"]')).toEqual([]);
      await noScriptRan(page);
    }
    expect(seen.size).toBe(threads.length);

    // The moderation queue shows a reported payload as text too.
    const reporter = await registerVerifiedUser(page.request, 'Xss Reporter');
    const target = threads[0]!;
    const report = await page.request.post(`/api/community/threads/${target.id}/report`, {
      headers: auth(reporter.token),
      data: { reason: XSS_PAYLOADS[1]! },
    });
    expect(report.status()).toBe(201);
    const admin = await otherPage(browser, null);
    watch(admin);
    await signInAs(admin, DEMO.admin);
    await admin.goto('/admin?tab=reports');
    const card = admin.getByTestId('report-card').filter({ hasText: XSS_PAYLOADS[1]! });
    await expect(card).toBeVisible({ timeout: 15_000 });
    expect(await inertFindings(admin, '[data-testid="report-card"]')).toEqual([]);
    await noScriptRan(admin);
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await expect(card).toHaveCount(0);
    await admin.context().close();

    expect(dialogs).toEqual([]);
  });
});
