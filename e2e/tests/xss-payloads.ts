/**
 * Classic cross-site scripting payloads, kept in one place: the API tests store each one in titles, bodies and
 * tags and expect it back unchanged (stored as text), and the browser tests render them and expect nothing to
 * run (no dialog, no `window.__xss`) and nothing to render as HTML. Each payload that could run sets
 * `window.__xss` or opens a dialog, so a browser test can tell.
 */
export const XSS_PAYLOADS: string[] = [
  '<script>window.__xss = 1; alert(1)</script>',
  '<img src=x onerror="window.__xss = 1; alert(1)">',
  '<svg onload="window.__xss = 1; alert(1)"></svg>',
  '<svg><script>window.__xss = 1</script></svg>',
  '[click me](javascript:window.__xss=1;alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![pic](javascript:alert(1))',
  '<a href="javascript:window.__xss=1">link</a>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<div style="background:url(javascript:alert(1));width:expression(alert(1))">styled</div>',
  '&lt;script&gt;alert(1)&lt;/script&gt; and &#60;img src=x onerror=alert(1)&#62;',
  '<details open ontoggle="window.__xss=1">toggle</details>',
  '<javascript:alert(1)> and <https://example.com/"onmouseover="alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1"></style></mglyph></table></mtext></math>',
  '"><script>window.__xss=1</script>',
  '[ref][1]\n\n[1]: javascript:alert(1)',
  '<form action="javascript:alert(1)"><button>send</button></form>',
  '`<script>alert(1)</script>` inside code, and ```\n<img src=x onerror=alert(1)>\n```',
];
