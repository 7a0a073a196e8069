import { escapeHtml } from '../seo/escape';

// The small server-drawn page behind a mail's unsubscribe link. Opening the link only asks (mail scanners open
// every link in a mail); the button on it posts the form that unsubscribes.

export interface UnsubscribePageContent {
  title: string;
  message: string;
  /** The button that unsubscribes, posting to `action`. */
  form?: { action: string; label: string };
  settingsUrl: string;
}

export function unsubscribePage(content: UnsubscribePageContent): string {
  const form = content.form
    ? `<form method="post" action="${escapeHtml(content.form.action)}">` +
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
      `<button type="submit">${escapeHtml(content.form.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(content.title)} · LearnBuild</title>
<style>
  :root { color-scheme: light dark; }
  body { font-family: system-ui, sans-serif; margin: 0; background: #f8fafc; color: #0f172a; }
  main { max-width: 32rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 12px;
    box-shadow: 0 1px 3px rgb(15 23 42 / 0.12); }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  p { line-height: 1.5; }
  button { font: inherit; font-weight: 600; color: #fff; background: #4338ca; border: 0; border-radius: 8px;
    padding: 0.75rem 1.25rem; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #818cf8; outline-offset: 2px; }
  a { color: #4338ca; }
  @media (prefers-color-scheme: dark) {
    body { background: #0f172a; color: #e2e8f0; }
    main { background: #1e293b; }
    a { color: #a5b4fc; }
  }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(content.title)}</h1>
<p>${escapeHtml(content.message)}</p>
${form}
<p><a href="${escapeHtml(content.settingsUrl)}">Choose which mails you get</a></p>
</main>
</body>
</html>
`;
}
