import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, DEMO, expect, POPUP_KEY, signInAs, test } from './helpers';
import { XSS_PAYLOADS } from './xss-payloads';

/** A 1×1 PNG: a real image header, so the server types it as an image by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A seeded post with a long outline (a table of contents) and tags shared with others (related posts). */
const SEEDED = {
  slug: 'dynamic-programming-step-by-step',
  title: 'How to Approach Dynamic Programming Problems, Step by Step',
  excerpt: 'Dynamic programming is a method, not a bag of tricks.',
};

/** Opens a blog screen and waits for its heading: the screen's code loads on demand. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
}

/** A value for a datetime-local input, `minutes` from now, in the browser's time zone. */
async function localTime(page: Page, minutes: number): Promise<string> {
  return page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 60_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, minutes);
}

async function deletePosts(request: APIRequestContext, token: string, slugs: readonly string[]) {
  for (const slug of slugs) await request.delete(`/api/blog/${slug}`, { headers: auth(token) });
}

test.describe('blog', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a reader filters the list through the address, opens a seeded post, jumps through its contents and follows a related post', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/blog', 'Blog');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    expect(await page.getByTestId('post-card').count()).toBeGreaterThanOrEqual(8);
    // Readers see no author tools.
    await expect(page.getByRole('link', { name: 'Write a post' })).toHaveCount(0);

    // A tag chip filters by the address; a reload keeps it.
    await page
      .getByRole('navigation', { name: 'Filter by tag' })
      .getByRole('link', { name: /^#databases/ })
      .click();
    await expect(page).toHaveURL(/\/blog\?tag=databases$/);
    await expect(page.getByTestId('blog-summary')).toHaveText('1 post tagged #databases');
    await page.reload();
    await expect(page.getByTestId('post-card')).toHaveCount(1);
    await expect(page.getByRole('link', { name: /Database Indexing Explained/ })).toBeVisible();

    // An address with a tag and a search opens filtered; the search box shows the words.
    await open(page, '/blog?tag=dsa&q=window', 'Blog');
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('window');
    await expect(page.getByTestId('post-card')).toHaveCount(2);
    await expect(page.getByTestId('blog-summary')).toHaveText('2 posts tagged #dsa match “window”');
    await expect(
      page.getByRole('link', { name: 'Sliding Window and Two Pointers, with Worked Examples' }),
    ).toBeVisible();
    // Typing a search updates the address; words that match nothing say so and offer a way back.
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('no post says zyxwvut');
    await expect(page).toHaveURL(/q=no\+post\+says\+zyxwvut/);
    await expect(page.getByRole('heading', { name: 'No posts match' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/blog$/);

    // The post: title, author, date, reading time, tags as links, the outline.
    await page.getByRole('link', { name: SEEDED.title }).click();
    await expect(page).toHaveURL(`/blog/${SEEDED.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: SEEDED.title })).toBeVisible();
    const article = page.getByTestId('blog-article');
    await expect(article.getByText('Ian Instructor')).toBeVisible();
    await expect(article.getByText(/\d+ min read/)).toBeVisible();
    await expect(article.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(
      article.getByRole('list', { name: 'Tags' }).first().getByRole('link', { name: '#dsa' }),
    ).toHaveAttribute('href', '/blog?tag=dsa');
    await expect(page).toHaveTitle(`${SEEDED.title} · LearnBuild`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`^${SEEDED.excerpt}`));
    // Code blocks are highlighted by our own tokenizer, as text spans.
    await expect(article.locator('pre code .tok-keyword').first()).toBeVisible();

    // The table of contents jumps to a section and marks it.
    const toc = page.getByTestId('toc');
    await expect(toc).toBeVisible();
    await toc.getByRole('link', { name: 'Worked example 2: Coin Change' }).click();
    await expect(page).toHaveURL(`/blog/${SEEDED.slug}#h-worked-example-2-coin-change`);
    await expect(page.locator('#h-worked-example-2-coin-change')).toBeInViewport();
    await expect(toc.getByRole('link', { name: 'Worked example 2: Coin Change' })).toHaveAttribute(
      'aria-current',
      'location',
    );

    // Sharing: a copy button and plain share links, no third-party scripts.
    const share = page.getByTestId('share');
    await share.getByRole('button', { name: 'Copy link' }).click();
    await expect(share.getByRole('button', { name: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/blog/${SEEDED.slug}$`));
    await expect(share.getByRole('link', { name: /Share on X/ })).toHaveAttribute(
      'href',
      /^https:\/\/x\.com\/intent\/post\?url=http.*dynamic-programming-step-by-step/,
    );
    await expect(share.getByRole('link', { name: /Share on LinkedIn/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=/,
    );
    await expect(share.getByRole('link', { name: 'Share by email' })).toHaveAttribute('href', /^mailto:\?subject=/);
    expect(
      await page.evaluate(
        // The page's data block (type application/json) is data, not a script that runs.
        () =>
          [...document.scripts].filter(
            (script) => script.type !== 'application/json' && !script.src.startsWith(location.origin),
          ).length,
      ),
    ).toBe(0);

    // Related posts share a tag; one leads on to its own page.
    const related = page.getByTestId('related-posts');
    await expect(related.getByTestId('post-card').first()).toBeVisible();
    const next = related.getByTestId('post-card').first().getByRole('heading').getByRole('link');
    const nextTitle = (await next.textContent()) ?? '';
    await next.click();
    await expect(page.getByRole('heading', { level: 1, name: nextTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${nextTitle} · LearnBuild`);
    // Back to the (cached) first post: its own title again, not the route's.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: SEEDED.title })).toBeVisible();
    await expect(page).toHaveTitle(`${SEEDED.title} · LearnBuild`);

    // An unknown address says so.
    await page.goto('/blog/no-such-post-anywhere');
    await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Browse the blog' })).toBeVisible();
  });

  test('an instructor writes a post with a code block and a cover, previews it, schedules it, publishes it, and a logged-out reader finds it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, DEMO.instructor);
    const stamp = Date.now().toString(36);
    const title = `Binary search on answers ${stamp}`;
    let slug = '';
    const token = await apiLogin(request, DEMO.instructor);
    try {
      await open(page, '/blog', 'Blog');
      await page.getByRole('link', { name: 'Write a post' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Write a post' })).toBeVisible();

      await page.getByLabel('Title', { exact: true }).fill(title);
      await expect(page.getByText(`/blog/binary-search-on-answers-${stamp}`)).toBeVisible();
      await page
        .getByLabel('Excerpt')
        .fill('Search the answer space, not the array: a pattern for minimise-the-maximum problems.');
      const tags = page.getByLabel('Tags', { exact: true });
      await tags.fill('e2e-blog, algorithms');
      await tags.press('Enter');
      await expect(page.getByRole('list', { name: 'Added tags' }).getByRole('listitem')).toHaveText([
        '#e2e-blog',
        '#algorithms',
      ]);
      await page.getByTestId('cover-field').locator('input[type="file"]').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await expect(page.getByRole('img', { name: 'Cover preview' })).toHaveAttribute(
        'src',
        /^\/api\/media\/.+\/content$/,
      );

      const body = [
        'When the answer is monotonic, binary search the answer.',
        '',
        '## The idea',
        '',
        'Guess a capacity and check it.',
        '',
        '```js',
        'function feasible(capacity) { // greedy check',
        '  return count <= 3;',
        '}',
        '```',
      ].join('\n');
      await page.getByLabel('Body', { exact: true }).fill(body);
      // The live preview is the readers' renderer: headings, highlighted code.
      const preview = page.getByTestId('post-preview');
      await expect(preview.getByRole('heading', { name: 'The idea' })).toBeVisible();
      await expect(preview.locator('pre code .tok-keyword').first()).toHaveText('function');
      await expect(preview.locator('pre code .tok-comment')).toHaveText('// greedy check');

      // Leaving with unsaved work asks first.
      await page.getByRole('link', { name: 'My posts' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: 'Stay on this page' }).click();
      await expect(leave).toBeHidden();
      await expect(page).toHaveURL('/blog/new');

      // The server's refusal shows beside its field: 'new' is a reserved address.
      await page.getByLabel('Slug (optional)').fill('new');
      await expect(page.getByLabel('Slug (optional)')).toHaveValue('new');
      const refused = page.waitForResponse(
        (response) => response.url().endsWith('/api/blog') && response.request().method() === 'POST',
      );
      await page.getByTestId('save-post').click();
      expect((await refused).status()).toBe(400);
      await expect(page.getByText('This address is reserved: choose another slug')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByLabel('Slug (optional)')).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel('Slug (optional)').fill('');

      // Scheduling wants a time in the future.
      await page.getByRole('radio', { name: 'Scheduled' }).check();
      const publishAt = page.getByLabel('Publish at');
      await expect(publishAt).not.toHaveValue('');
      await publishAt.fill(await localTime(page, -60));
      await page.getByTestId('save-post').click();
      await expect(page.getByText('Choose a time in the future')).toBeVisible();
      await publishAt.fill(await localTime(page, 24 * 60));
      await page.getByRole('button', { name: 'Schedule' }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/binary-search-on-answers-${stamp}/edit$`));
      slug = `binary-search-on-answers-${stamp}`;
      await expect(page.getByText(/^Scheduled for /).first()).toBeVisible();
      await expect(page.getByTestId('post-status')).toHaveText(/^Scheduled/);

      // My posts lists it with its status; readers do not see it yet.
      await open(page, `/blog?mine=1&q=${stamp}`, 'Blog');
      const mine = page.getByTestId('post-card').filter({ hasText: title });
      await expect(mine.getByTestId('post-status')).toHaveText(/^Scheduled/);
      // A reader on a phone, signed out, in a browser of their own.
      const reader = await browser.newContext({
        viewport: { width: 390, height: 844 },
        baseURL: new URL(page.url()).origin,
      });
      await reader.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
      const readerPage = await reader.newPage();
      await readerPage.goto(`/blog/${slug}`);
      await expect(readerPage.getByRole('heading', { name: 'Post not found' })).toBeVisible({ timeout: 15_000 });

      // Publish now, and rename the address (the old one keeps working).
      await mine.getByRole('link', { name: `Edit ${title}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
      await page.getByRole('radio', { name: 'Published' }).check();
      await page.getByLabel('Slug (optional)').fill(`answer-space-${stamp}`);
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/answer-space-${stamp}/edit$`));
      await expect(page.getByTestId('post-status')).toHaveText('Published');
      const oldSlug = slug;
      slug = `answer-space-${stamp}`;

      // A logged-out reader finds it by search, with its cover, and reads it with highlighted code.
      await readerPage.goto(`/blog?q=${stamp}`);
      const card = readerPage.getByTestId('post-card').filter({ hasText: title });
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(card.getByTestId('post-cover')).toHaveAttribute('src', /^\/api\/media\//);
      await card.getByRole('link', { name: title }).click();
      await expect(readerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(readerPage.getByTestId('blog-article').locator('pre code .tok-keyword').first()).toHaveText(
        'function',
      );
      await expect(readerPage.getByRole('link', { name: 'Edit post' })).toHaveCount(0);
      // The old address moves to the new one.
      await readerPage.goto(`/blog/${oldSlug}`);
      await expect(readerPage).toHaveURL(`/blog/${slug}`);
      await expect(readerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // The author deletes it after confirming; readers then get the not-found page.
      await page.getByRole('button', { name: 'Delete post' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
      await confirm.getByRole('button', { name: 'Delete post' }).click();
      await expect(page).toHaveURL('/blog?mine=1');
      await expect(page.getByText(title)).toHaveCount(0);
      await readerPage.goto(`/blog/${slug}`);
      await expect(readerPage.getByRole('heading', { name: 'Post not found' })).toBeVisible({ timeout: 15_000 });
      slug = '';
      await reader.close();
    } finally {
      if (slug) await deletePosts(request, token, [slug]);
    }
  });

  test('the XSS list in titles, bodies and tags runs nothing on the post pages, the list or the editor', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const token = await apiLogin(request, DEMO.instructor);
    const tag = `xss-${Date.now().toString(36)}`;
    const slugs: string[] = [];
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInAs(page, DEMO.instructor);

    /** Whatever ran, or whatever in `scope` could run: scripts, frames, handlers, dangerous URLs. */
    const findings = (scope: string) =>
      page.evaluate((selector) => {
        const found: string[] = [];
        if ((window as { __xss?: unknown }).__xss !== undefined) found.push('window.__xss was set');
        for (const root of document.querySelectorAll(selector)) {
          for (const element of root.querySelectorAll('script, iframe, object, embed, style, form, base, meta, link'))
            found.push(`<${element.tagName.toLowerCase()}>`);
          for (const element of root.querySelectorAll('*')) {
            for (const attribute of element.attributes) {
              if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
              // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser ignores them in a scheme, so must this check
              const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
              if (
                /^(href|src|action|formaction|srcdoc|xlink:href)$/.test(attribute.name) &&
                /^(javascript|data|vbscript):/.test(value)
              )
                found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
            }
          }
        }
        return found;
      }, scope);

    try {
      for (const [index, payload] of XSS_PAYLOADS.entries()) {
        const created = await request.post('/api/blog', {
          headers: auth(token),
          data: {
            title: `XSS ${index} ${payload}`.slice(0, 150),
            excerpt: payload.slice(0, 300),
            body: payload,
            tags: [tag, payload.slice(0, 30).trim().toLowerCase()].filter(Boolean),
            status: 'published',
          },
        });
        expect(created.status(), payload).toBe(201);
        const post = (await created.json()).post as { slug: string; body: string; title: string };
        // Stored as text: returned as it was sent.
        expect(post.body).toBe(payload);
        slugs.push(post.slug);
      }
      // One post with every payload together, for the editor's live preview.
      const all = await request.post('/api/blog', {
        headers: auth(token),
        data: { title: `XSS all ${tag}`, body: XSS_PAYLOADS.join('\n\n'), tags: [tag], status: 'draft' },
      });
      expect(all.status()).toBe(201);
      const allSlug = ((await all.json()).post as { slug: string }).slug;
      slugs.push(allSlug);

      // The CSP forbids inline script in the first place.
      const html = await request.get(`/blog/${slugs[0]}`);
      const csp = html.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src[^;]*'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);

      for (const [index, slug] of slugs.slice(0, XSS_PAYLOADS.length).entries()) {
        await page.goto(`/blog/${slug}`);
        await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^XSS ${index} `) })).toBeVisible({
          timeout: 15_000,
        });
        expect(
          await findings('[data-testid="blog-article"], [data-testid="related-posts"]'),
          XSS_PAYLOADS[index],
        ).toEqual([]);
        // The server-sent head escapes the title for link previews.
        const head = (await (await request.get(`/blog/${slug}`)).text()).split('</head>')[0] ?? '';
        expect(head, XSS_PAYLOADS[index]).not.toMatch(/<(img|svg|iframe|object|embed|math|details|a|form|style)\b/i);
        expect(head.match(/<script\b/gi)?.length ?? 0, XSS_PAYLOADS[index]).toBeLessThanOrEqual(1);
      }

      // The list, page by page, filtered to these posts.
      const pages = Math.ceil(XSS_PAYLOADS.length / 9);
      for (let number = 1; number <= pages; number++) {
        await page.goto(`/blog?tag=${tag}&page=${number}`);
        await expect(page.getByTestId('post-card').first()).toBeVisible({ timeout: 15_000 });
        expect(await findings('[data-testid="post-card"]')).toEqual([]);
      }

      // The editor's preview renders the same text through the same renderer.
      await page.goto(`/blog/${allSlug}/edit`);
      await expect(page.getByTestId('post-preview').locator('pre').first()).toBeVisible({ timeout: 15_000 });
      expect(await findings('[data-testid="post-preview"]')).toEqual([]);
      expect(dialogs).toEqual([]);
    } finally {
      await deletePosts(request, token, slugs);
    }
  });

  test('link previews and search engines get the title, description and Open Graph tags without JavaScript', async ({
    request,
  }) => {
    const reply = await request.get(`/blog/${SEEDED.slug}`);
    expect(reply.status()).toBe(200);
    const html = await reply.text();
    expect(html).toContain(`<title>${SEEDED.title} · LearnBuild</title>`);
    expect(html).toMatch(new RegExp(`<meta name="description" content="${SEEDED.excerpt}`));
    expect(html).toContain(`<meta property="og:title" content="${SEEDED.title}" />`);
    expect(html).toMatch(/<meta property="og:type" content="article"/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/blog/${SEEDED.slug}"`));
  });
});
