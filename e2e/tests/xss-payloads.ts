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
  // Added with the blog: obfuscated schemes, autolinks, images, references, comments and attribute breakouts.
  '<a href="jav&#x09;ascript:window.__xss=1">tab inside the scheme</a>',
  '[tab](jav&#x09;ascript:window.__xss=1) [newline](java&#10;script:window.__xss=1) [colon](javascript&colon;window.__xss=1)',
  '[entity](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1) [hex](&#x6A;avascript:window.__xss=1)',
  '[spaced]( javascript:window.__xss=1 ) [angle](<javascript:window.__xss=1>) [vb](vbscript:msgbox(1)) [VB](VbScRiPt:msgbox(1))',
  '<vbscript:msgbox(1)> <data:text/html,<script>window.__xss=1</script>> <JAVASCRIPT:window.__xss=1>',
  '![data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+) ![svg](data:image/svg+xml,<svg onload=alert(1)>)',
  '![vb image](vbscript:msgbox(1)) ![insecure](http://example.com/tracker.png) ![climb](/api/media/../auth/me)',
  '[img ref][pic]\n\n![image ref][pic]\n\n[pic]: javascript:window.__xss=1 "title"',
  '![a" onerror="window.__xss=1](https://example.com/x.png "t\\" onload=\\"window.__xss=1")',
  '[title breakout](https://example.com "a\\" onmouseover=\\"window.__xss=1")',
  '<!-- --><script>window.__xss=1</script><!-- --> and <!--<img src=x onerror=window.__xss=1>-->',
  '<style>body{background:url("javascript:window.__xss=1")}</style><link rel=stylesheet href=javascript:alert(1)>',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<input autofocus onfocus="window.__xss=1"><video><source onerror="window.__xss=1"></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1"><base href="javascript:/">',
  '<a href="&#x6A;avascript&#x3A;window.__xss=1">entities</a> <a href="javascript%3Awindow.__xss=1">percent</a>',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt> <SCRIPT SRC=//example.com/xss.js></SCRIPT>',
  "\"><img src=x onerror=window.__xss=1>{{constructor.constructor('window.__xss=1')()}}",
  '[footnote][^x]\n\n[^x]: <img src=x onerror=window.__xss=1> [in note](javascript:window.__xss=1)',
  '| <img src=x onerror=window.__xss=1> | [cell](javascript:window.__xss=1) |\n|---|---|\n| `a` | b |',
];
