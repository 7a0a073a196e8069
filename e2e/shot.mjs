import { chromium } from '@playwright/test';
const base = 'http://localhost:3305';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'student@demo.local', password: process.env.PW }) })).json();
const shots = [
  ['/dsa-sheet/roadmap', 1366, 900, 'roadmap-desktop'],
  ['/dsa-sheet/roadmap', 390, 844, 'roadmap-phone'],
  ['/dsa-sheet/roadmap?view=list', 1366, 900, 'roadmap-list'],
  ['/dsa-sheet?difficulty=Medium', 1366, 900, 'sheet-desktop'],
  ['/dsa-sheet?sort=solved', 390, 844, 'sheet-phone'],
];
for (const [path, width, height, name] of shots) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript((token) => { localStorage.setItem('learnbuild.authToken', token); localStorage.setItem('learnbuild.subscribePopupDone', '1'); }, login.token);
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  await page.waitForTimeout(1500);
  if (name === 'sheet-desktop') { await page.getByTestId('pick-one').click(); await page.waitForTimeout(1500); }
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: name !== 'sheet-desktop' });
  await context.close();
}
await browser.close();
