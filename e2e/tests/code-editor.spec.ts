import type { Browser, Locator, Page } from '@playwright/test';
import { applyTheme, DESKTOP, PHONE, screenFindings, stillMotion, THEMES, WIDTHS, watchPage } from './a11y-checks';
import { apiLogin, DEMO, expect, POPUP_KEY, registerVerifiedUser, signInAs, test, useToken } from './helpers';

/**
 * Issue 13: the code editor. JavaScript, TypeScript and Python run in the browser's workers (Python
 * with Pyodide from this site), C++ and Java would run on a judge this test server does not have;
 * snippets are saved, shared read-only and forked; DSA problems open their own buffers.
 */

const editor = (page: Page, language = /.*/) =>
  page.getByRole('textbox', { name: new RegExp(`^Code, ${language.source}`) });
const runButton = (page: Page) => page.getByRole('button', { name: /^Run/ });
const status = (page: Page) => page.getByTestId('run-status');
/** A run starts a worker, which on a crowded machine takes longer than an assertion's usual 5 s. */
const RUN_TIMEOUT = 20_000;
const stdout = (page: Page) => page.getByRole('region', { name: 'Standard output' });

async function openEditor(page: Page, path = '/code-editor') {
  await page.goto(path);
  // The editor's code loads on demand, which a busy machine can stretch past the usual 5 s.
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
}

/** Replaces the editor's text as if pasted (no auto-indent or closing brackets on the way). */
async function setCode(page: Page, code: string) {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

async function editorText(page: Page): Promise<string> {
  return editor(page).evaluate((element) =>
    [...element.querySelectorAll('.cm-line')].map((line) => line.textContent ?? '').join('\n'),
  );
}

async function chooseLanguage(page: Page, label: string) {
  await page.getByLabel('Language').selectOption({ label });
  await expect(editor(page, new RegExp(label.replace('+', '\\+')))).toBeVisible();
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
  return { context, page: await context.newPage() };
}

test.describe('running code in the browser', () => {
  test('JavaScript prints to the output, with the input box as standard input, also by Ctrl+Enter', async ({
    page,
  }) => {
    await openEditor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Code editor' })).toBeVisible();
    await setCode(
      page,
      'const name = input();\nconsole.log("Hello, " + name + "!", [1, 2]);\nconsole.error("careful");',
    );
    await page.getByLabel('Input (stdin)').fill('Ada');
    await runButton(page).click();
    await expect(status(page)).toContainText('Finished with exit code 0', { timeout: RUN_TIMEOUT });
    await expect(stdout(page)).toContainText('Hello, Ada! [ 1, 2 ]');
    await expect(page.getByRole('region', { name: 'Standard error' })).toContainText('careful');
    await expect(page.getByTestId('run-announcement')).toContainText('Finished with exit code 0');

    // Ctrl+Enter from inside the editor runs it again; an uncaught error exits with code 1 and its line.
    await setCode(page, 'console.log("before");\nnull.boom;');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(status(page)).toContainText('Exited with code 1', { timeout: RUN_TIMEOUT });
    await expect(page.getByRole('region', { name: 'Standard error' })).toContainText('at line 2');
    await expect(stdout(page)).toHaveText(/before/);
  });

  test('an infinite loop is stopped at the time limit and the page stays usable', async ({ page }) => {
    test.setTimeout(60_000);
    await openEditor(page);
    await setCode(page, 'console.log("looping");\nwhile (true) {}');
    const started = Date.now();
    await runButton(page).click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    // The page answers while the worker spins: typing in the input box works.
    await page.getByLabel('Input (stdin)').fill('still responsive');
    await expect(page.getByLabel('Input (stdin)')).toHaveValue('still responsive');
    await expect(status(page)).toContainText('Stopped after 5 s: the time limit', { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    await expect(stdout(page)).toContainText('looping');

    // A second run works: the stopped worker was replaced.
    await setCode(page, 'console.log("second run", 6 * 7);');
    await runButton(page).click();
    await expect(status(page)).toContainText('Finished with exit code 0', { timeout: RUN_TIMEOUT });
    await expect(stdout(page)).toHaveText(/second run 42/);
  });

  test('TypeScript with type annotations runs; a syntax error says its line', async ({ page }) => {
    await openEditor(page);
    await chooseLanguage(page, 'TypeScript');
    await setCode(
      page,
      'interface Point { x: number; y: number }\nconst p: Point = { x: 3, y: 4 };\nconst length = (q: Point): number => Math.hypot(q.x, q.y);\nconsole.log(length(p) as number);',
    );
    await runButton(page).click();
    await expect(status(page)).toContainText('Finished with exit code 0', { timeout: RUN_TIMEOUT });
    await expect(stdout(page)).toHaveText(/^Standard output\s*5\s*$/);

    await setCode(page, 'const a: number = 1;\nconst b = ;');
    await runButton(page).click();
    await expect(status(page)).toContainText('Did not compile', { timeout: RUN_TIMEOUT });
    await expect(page.getByRole('region', { name: 'Compiler output' })).toContainText('line 2');
  });

  test('Python prints, with Pyodide loaded from this site and no request leaving it', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const origin = new URL(baseURL!).origin;
    const outside: string[] = [];
    const seen: string[] = [];
    // Every request of the page and its workers: nothing may go anywhere but this server.
    await page.context().route('**/*', (route) => {
      const url = route.request().url();
      seen.push(url);
      if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    page.context().on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
    });

    await openEditor(page);
    const before = seen.filter((url) => url.includes('/pyodide/')).length;
    expect(before, 'Pyodide is not loaded before Python is chosen').toBe(0);
    await chooseLanguage(page, 'Python');
    await setCode(
      page,
      'import sys\nname = input()\nprint(f"Hello, {name}!", sum(range(10)))\nprint(sys.version_info.major)',
    );
    await page.getByLabel('Input (stdin)').fill('Grace');
    await runButton(page).click();
    await expect(status(page)).toContainText('Finished with exit code 0', { timeout: 130_000 });
    await expect(stdout(page)).toContainText('Hello, Grace! 45');
    await expect(stdout(page)).toContainText('3');
    // From this site, under Pyodide's versioned folder (/pyodide/<version>/<file>, cached for a year).
    const fetched = seen.flatMap((url) => {
      const file =
        url.startsWith(`${origin}/`) && /^\/pyodide\/\d+\.\d+\.\d+[^/]*\/([^/]+)$/.exec(new URL(url).pathname);
      return file ? [file[1]] : [];
    });
    for (const file of ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip'])
      expect(fetched, `${file} came from ${origin}`).toContain(file);

    // A traceback starts at the learner's code; the loaded Pyodide serves the next run at once.
    await setCode(page, 'def f():\n    return 1 / 0\nf()');
    await runButton(page).click();
    await expect(status(page)).toContainText('Exited with code 1', { timeout: RUN_TIMEOUT });
    const stderr = page.getByRole('region', { name: 'Standard error' });
    await expect(stderr).toContainText('ZeroDivisionError');
    await expect(stderr).toContainText('line 2, in f');
    await expect(stderr).not.toContainText('_learnbuild_run');
    expect(outside).toEqual([]);
  });

  test('a Python loop that never ends is stopped at the time limit; the next run loads Pyodide again', async ({
    page,
  }) => {
    // Pyodide starts twice here: seconds each on a quiet machine, a minute or more on a crowded one.
    test.setTimeout(300_000);
    await openEditor(page);
    await chooseLanguage(page, 'Python');
    await setCode(page, 'print("spinning")\nwhile True:\n    pass');
    await runButton(page).click();
    await expect(status(page)).toContainText('Stopped after 5 s', { timeout: 130_000 });
    await expect(stdout(page)).toContainText('spinning');
    await setCode(page, 'print("back")');
    await runButton(page).click();
    await expect(status(page)).toContainText('Finished with exit code 0', { timeout: 130_000 });
    await expect(stdout(page)).toHaveText(/back/);
  });

  test('C++ and Java are marked unavailable before a click, Run is off with the reason, editing still works', async ({
    page,
  }) => {
    await openEditor(page);
    const picker = page.getByLabel('Language');
    // This server has no judge: the picker says so before either is chosen.
    await expect(picker.locator('option[value="cpp"]')).toHaveText('C++ (cannot run here)');
    await expect(picker.locator('option[value="java"]')).toHaveText('Java (cannot run here)');
    await expect(runButton(page)).toBeEnabled();
    for (const [id, label] of [
      ['cpp', 'C++'],
      ['java', 'Java'],
    ] as const) {
      await picker.selectOption(id);
      await expect(editor(page, new RegExp(label.replace('+', '\\+')))).toBeVisible();
      const reason = `${label} needs a judge server, which this LearnBuild does not have.`;
      await expect(page.getByTestId('run-unavailable')).toHaveText(reason);
      await expect(runButton(page)).toBeDisabled();
      await expect(runButton(page)).toHaveAccessibleDescription(reason);
      await expect(page.getByTestId('output-panel')).toContainText(
        'Running C++ and Java is not available on this server.',
      );
    }
    await picker.selectOption('cpp');
    await expect(editor(page, /C\+\+/)).toContainText('#include <bits/stdc++.h>');
    await setCode(page, 'int main() { return 0; }');
    expect(await editorText(page)).toBe('int main() { return 0; }');
    // Ctrl+Enter cannot run it either: the output says why.
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(status(page)).toContainText('Running C++ and Java is not available on this server.');
    await picker.selectOption('javascript');
    await expect(runButton(page)).toBeEnabled();
    await expect(page.getByTestId('run-unavailable')).toHaveCount(0);
  });

  test('Python shows its loading progress in the console, and a second visit restores the saved Python', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await openEditor(page);
    await chooseLanguage(page, 'Python');
    // Choosing Python starts it; the console says how far it got before anyone clicks Run.
    await expect(page.getByTestId('python-progress')).toContainText(/Loading Python… [12] of 2: /);
    await runButton(page).click();
    await expect(status(page)).toContainText('Finished with exit code 0', { timeout: 130_000 });
    await expect(stdout(page)).toContainText('Hello, world!');
    // The started Python was saved in this browser: the next visit starts from that copy, and says so.
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('learnbuild-python')).keys()).length), {
        timeout: 30_000,
      })
      .toBe(1);
    await page.reload();
    await expect(page.getByTestId('python-progress')).toContainText(
      '2 of 2: starting Python from the copy this browser saved',
      { timeout: 60_000 },
    );
    await runButton(page).click();
    await expect(status(page)).toContainText('Finished with exit code 0', { timeout: 130_000 });
    await expect(stdout(page)).toContainText('Hello, world!');
  });

  test('at phone width, Run brings the output into view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openEditor(page);
    await setCode(page, 'console.log("seen on a phone");');
    const panel = page.getByTestId('output-panel');
    const inView = () =>
      panel.evaluate((element) => {
        const { top, bottom } = element.getBoundingClientRect();
        return top >= 0 && top < window.innerHeight && bottom > 0;
      });
    expect(await inView(), 'the output starts below the screen').toBe(false);
    await runButton(page).click();
    await expect(stdout(page)).toContainText('seen on a phone', { timeout: RUN_TIMEOUT });
    await expect.poll(inView).toBe(true);
    await expect(status(page)).toBeInViewport();
  });
});

test.describe('code is drawn without ligatures', () => {
  test('the editor, the output and a lesson’s code blocks turn ligatures and contextual forms off', async ({
    page,
  }) => {
    await openEditor(page);
    await setCode(page, 'if (1 == 1 && 2 != 3) console.log("a => b", 1 === 1);');
    await runButton(page).click();
    await expect(stdout(page)).toContainText('a => b true', { timeout: RUN_TIMEOUT });
    const fontSettings = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { ligatures: style.fontVariantLigatures, features: style.fontFeatureSettings };
      });
    // Chromium lists the features in its own order.
    const off = { ligatures: 'none', features: '"calt" 0, "liga" 0' };
    expect(await fontSettings(page.locator('.cm-content'))).toEqual(off);
    expect(await fontSettings(stdout(page).locator('pre'))).toEqual(off);
    expect(await fontSettings(page.getByLabel('Input (stdin)'))).toEqual(off);
    // Any code element of the site, e.g. a lesson's code block (markdown), gets the same.
    const probe = await page.evaluate(() => {
      const block = document.createElement('div');
      block.className = 'prose-lesson';
      block.innerHTML = '<pre><code>a == b</code></pre><p><code>x != y</code></p>';
      document.body.append(block);
      return [...block.querySelectorAll('pre, code')].map((element) => {
        const style = getComputedStyle(element);
        return { ligatures: style.fontVariantLigatures, features: style.fontFeatureSettings };
      });
    });
    expect(probe).toEqual([off, off, off]);
  });
});

test('C++ runs on the server’s judge when it has one: signed out it asks to sign in, signed in it shows the result', async ({
  page,
}) => {
  // This test server has no JUDGE0_URL (the API tests drive the proxy against a stand-in judge); here the
  // browser is told a judge exists, to see the editor's side of it.
  const sent: unknown[] = [];
  await page.route('**/api/code/runtimes', (route) => route.fulfill({ json: { success: true, judge: true } }));
  await page.route('**/api/code/run', (route) => {
    sent.push(route.request().postDataJSON());
    return route.fulfill({
      json: {
        success: true,
        result: {
          status: 'compile_error',
          stdout: '',
          stderr: '',
          compileOutput: "main.cpp:1:5: error: expected ';' before '}' token",
          exitCode: null,
          timeMs: null,
        },
      },
    });
  });
  await openEditor(page);
  await chooseLanguage(page, 'C++');
  await expect(page.getByTestId('output-panel')).toContainText('C++ runs on our server: sign in to run it.');
  await runButton(page).click();
  await expect(status(page)).toContainText('Sign in to run C++', { timeout: RUN_TIMEOUT });
  expect(sent).toEqual([]);

  await signInAs(page, DEMO.student);
  await page.reload();
  await expect(editor(page, /C\+\+/)).toBeVisible({ timeout: 15_000 });
  await setCode(page, 'int main() { return 0 }');
  await page.getByLabel('Input (stdin)').fill('5');
  await runButton(page).click();
  await expect(status(page)).toContainText('Did not compile', { timeout: RUN_TIMEOUT });
  await expect(page.getByRole('region', { name: 'Compiler output' })).toContainText("expected ';'");
  expect(sent).toEqual([{ language: 'cpp', source: 'int main() { return 0 }', stdin: '5' }]);
});

test.describe('keeping code', () => {
  test('each language keeps its own code across a reload', async ({ page }) => {
    await openEditor(page);
    await setCode(page, 'console.log("mine, in JavaScript");');
    await chooseLanguage(page, 'Python');
    await setCode(page, 'print("mine, in Python")');
    await page.reload();
    await expect(editor(page, /Python/)).toBeVisible({ timeout: 15_000 });
    expect(await editorText(page)).toBe('print("mine, in Python")');
    await chooseLanguage(page, 'JavaScript');
    expect(await editorText(page)).toBe('console.log("mine, in JavaScript");');
  });

  test('Open in editor from the DSA sheet keeps each problem’s code apart, across a reload', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await apiLogin(request, DEMO.student);
    const problems = (
      await (await request.get('/api/dsa/problems', { headers: { authorization: `Bearer ${token}` } })).json()
    ).problems as { id: string; title: string; url: string }[];
    const [first, second] = problems;
    if (!first || !second) throw new Error('the seed has fewer than two problems');
    await signInAs(page, DEMO.student);

    const openFromSheet = async (problem: { title: string }) => {
      await page.goto(`/dsa-sheet?q=${encodeURIComponent(problem.title)}`);
      await page
        .getByRole('link', { name: `Open in editor: ${problem.title}`, exact: true })
        .first()
        .click();
      await expect(page).toHaveURL(/\/code-editor\?.*key=dsa%3A/);
      await expect(page.getByRole('heading', { level: 1, name: problem.title })).toBeVisible({ timeout: 15_000 });
      await expect(editor(page)).toBeVisible();
    };

    await openFromSheet(first);
    await expect(page.getByTestId('context-link')).toHaveAttribute('href', new URL(first.url).href);
    expect(await editorText(page)).toContain(`// ${first.title}`);
    await setCode(page, `// my answer to ${first.title}`);
    await page.reload();
    await expect(editor(page)).toBeVisible({ timeout: 15_000 });
    expect(await editorText(page)).toBe(`// my answer to ${first.title}`);

    await openFromSheet(second);
    expect(await editorText(page)).not.toContain('my answer');
    await openFromSheet(first);
    expect(await editorText(page)).toBe(`// my answer to ${first.title}`);
    // The plain editor has its own buffer too.
    await openEditor(page);
    expect(await editorText(page)).not.toContain('my answer');
  });
});

test.describe('snippets', () => {
  test('save, rename, share by link, open read-only logged out, fork; delete', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const { token } = await registerVerifiedUser(page.request, 'Snippet Owner');
    await useToken(page, token);
    await openEditor(page);
    const code = 'const sum = (a, b) => a + b;\nconsole.log(sum(20, 22));';
    await setCode(page, code);
    await page.getByLabel('Input (stdin)').fill('unused input');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as a snippet' });
    await dialog.getByLabel('Name').fill('Adding numbers');
    await dialog.getByRole('button', { name: 'Save snippet' }).click();
    await expect(page).toHaveURL(/\/code-editor\?snippet=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Adding numbers' })).toBeVisible();
    await expect(page.getByTestId('save-state')).toHaveText(/All changes saved/);

    // An edit is unsaved (and kept on this device) until Save.
    await setCode(page, `${code}\nconsole.log("v2");`);
    await expect(page.getByTestId('save-state')).toHaveText(/Unsaved changes/);
    await page.reload();
    await expect(page.getByTestId('save-state')).toHaveText(/Unsaved changes/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('save-state')).toHaveText(/All changes saved/);

    // Rename from the list.
    await page.getByRole('button', { name: 'My snippets' }).click();
    const list = page.getByRole('dialog', { name: 'My snippets' });
    await list.getByRole('button', { name: 'Rename Adding numbers' }).click();
    await list.getByLabel('New name for Adding numbers').fill('Sum of two');
    await list.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByRole('link', { name: 'Sum of two' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name: 'Sum of two' })).toBeVisible();

    // Not shared yet: the link opens nothing for anyone else.
    const snippetUrl = page.url();
    const { context: other, page: visitor } = await newPage(browser);
    await visitor.goto(snippetUrl);
    await expect(visitor.getByRole('heading', { name: 'Snippet not found' })).toBeVisible({ timeout: 15_000 });

    await page.getByRole('switch', { name: 'Share by link' }).click();
    await expect(page.getByRole('switch', { name: 'Share by link' })).toHaveAttribute('aria-checked', 'true');
    const shared = await page.getByTestId('share-link').inputValue();
    expect(shared).toBe(snippetUrl);

    // Logged out, in another browser: read-only, runnable, forkable.
    await visitor.goto(shared);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Sum of two' })).toBeVisible({ timeout: 15_000 });
    await expect(visitor.getByTestId('read-only-notice')).toBeVisible();
    const readOnly = editor(visitor, /JavaScript, read-only/);
    await expect(readOnly).toHaveAttribute('aria-readonly', 'true');
    await readOnly.click();
    await visitor.keyboard.insertText('tampered ');
    expect(await editorText(visitor)).not.toContain('tampered');
    await runButton(visitor).click();
    await expect(stdout(visitor)).toContainText('42', { timeout: RUN_TIMEOUT });
    await expect(stdout(visitor)).toContainText('v2');

    await visitor.getByRole('button', { name: 'Fork' }).click();
    await expect(visitor).toHaveURL(/key=fork%3A/);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Fork of Sum of two' })).toBeVisible();
    expect(await editorText(visitor)).toBe(`${code}\nconsole.log("v2");`);
    await setCode(visitor, 'console.log("my fork");');
    await visitor.reload();
    await expect(editor(visitor)).toBeVisible({ timeout: 15_000 });
    expect(await editorText(visitor)).toBe('console.log("my fork");');
    await expect(visitor.getByRole('link', { name: 'Sign in to save' })).toBeVisible();
    await other.close();

    // Delete from the list: the open snippet is gone and the editor goes back to the learner's own.
    await page.getByRole('button', { name: 'My snippets' }).click();
    await list.getByRole('button', { name: 'Delete Sum of two' }).click();
    await list.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/code-editor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Code editor' })).toBeVisible();
    await page.getByRole('button', { name: 'My snippets' }).click();
    await expect(list.getByText('No snippets yet')).toBeVisible();
  });
});

test.describe('keyboard and accessibility', () => {
  test('Tab indents inside the editor; Escape then Tab leaves it', async ({ page }) => {
    await openEditor(page);
    await setCode(page, 'x');
    await page.keyboard.press('Home');
    await page.keyboard.press('Tab');
    await expect(editor(page)).toBeFocused();
    expect(await editorText(page)).toMatch(/^\s+x$/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Input (stdin)')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(editor(page)).toBeFocused();
  });

  test('axe clean with output, the snippets dialog and a shared snippet, at both widths in both themes', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, DEMO.student);
    await stillMotion(page);
    const watch = watchPage(page);
    const findings: string[] = [];
    const check = async (state: Locator | null, name: string, include?: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize(width);
        for (const [index, theme] of THEMES.entries()) {
          await applyTheme(page, theme);
          const lines = await screenFindings(page, { phone: width === PHONE, repeat: index > 0, include });
          findings.push(...lines.map((line) => `${name} at ${width.width} px, ${theme}: ${line}`));
        }
      }
      if (state) await expect(state).toBeVisible();
    };

    await openEditor(page);
    await setCode(page, 'console.log("out");\nconsole.error("err");\nprocess.exit(2);');
    await runButton(page).click();
    await expect(status(page)).toContainText('Exited with code 2', { timeout: RUN_TIMEOUT });
    await watch.settle();
    await check(status(page), 'editor with output');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const save = page.getByRole('dialog', { name: 'Save as a snippet' });
    await save.getByLabel('Name').fill(`Axe ${Date.now()}`);
    await save.getByRole('button', { name: 'Save snippet' }).click();
    await expect(page.getByRole('switch', { name: 'Share by link' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('switch', { name: 'Share by link' }).click();
    await expect(page.getByTestId('share-link')).toBeVisible();
    await watch.settle();
    await check(page.getByTestId('share-control'), 'own snippet, shared');
    // The checks end at phone width, where the button reads 'Snippets'.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'My snippets' }).click();
    await expect(page.getByRole('dialog', { name: 'My snippets' }).getByTestId('snippet-row')).not.toHaveCount(0);
    await check(null, 'snippets dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');

    const { context, page: visitor } = await newPage(browser);
    await stillMotion(visitor);
    await visitor.goto(page.url());
    await expect(visitor.getByTestId('read-only-notice')).toBeVisible({ timeout: 15_000 });
    for (const width of WIDTHS) {
      await visitor.setViewportSize(width);
      for (const [index, theme] of THEMES.entries()) {
        await applyTheme(visitor, theme);
        const lines = await screenFindings(visitor, { phone: width === PHONE, repeat: index > 0 });
        findings.push(...lines.map((line) => `shared snippet at ${width.width} px, ${theme}: ${line}`));
      }
    }
    await context.close();
    findings.push(...watch.take());
    expect(findings, findings.join('\n')).toEqual([]);
  });
});
