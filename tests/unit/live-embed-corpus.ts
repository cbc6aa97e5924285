/** Hostile htmlUrl values (issue 6), shared by the unit, integration and browser tests. */

export const POLYV = 'https://player.polyv.net/live/watch/3871205?autoplay=1';

/** Hostile or unusable htmlUrl values: every one renders nothing. */
export const HOSTILE: [string, string][] = [
  ['javascript: URL', 'javascript:alert(1)'],
  ['javascript: in src', '<iframe src="javascript:alert(document.cookie)"></iframe>'],
  ['entity-encoded javascript:', '<iframe src="&#106;avascript:alert(1)"></iframe>'],
  ['tab inside the scheme', '<iframe src="java\tscript:alert(1)"></iframe>'],
  ['data: URL', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
  ['bare data: URL', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ['srcdoc', `<iframe srcdoc="<script>alert(1)</script>" src="${POLYV}"></iframe>`],
  ['srcdoc without src', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>'],
  ['onload handler', `<iframe src="${POLYV}" onload="alert(1)"></iframe>`],
  ['onerror without quotes', `<iframe src=${POLYV} onerror=alert(1)></iframe>`],
  ['style attribute', `<iframe src="${POLYV}" style="position:fixed;inset:0"></iframe>`],
  ['sandbox override', `<iframe src="${POLYV}" sandbox="allow-top-navigation"></iframe>`],
  ['non-allowlisted host', '<iframe src="https://evil.example.com/player"></iframe>'],
  ['lookalike host suffix', '<iframe src="https://player.polyv.net.evil.com/live"></iframe>'],
  ['lookalike host prefix', '<iframe src="https://evilplayer.polyv.net/live"></iframe>'],
  ['credentials before the host', '<iframe src="https://player.polyv.net@evil.com/"></iframe>'],
  ['userinfo on an allowed host', '<iframe src="https://x:y@player.polyv.net/live"></iframe>'],
  ['explicit port', '<iframe src="https://player.polyv.net:8443/live"></iframe>'],
  ['plain http', '<iframe src="http://player.polyv.net/live"></iframe>'],
  [
    'nested iframe',
    `<iframe src="${POLYV}"><iframe src="https://evil.example.com"></iframe></iframe>`,
  ],
  ['script after the iframe', `<iframe src="${POLYV}"></iframe><script>alert(1)</script>`],
  ['img before the iframe', `<img src=x onerror=alert(1)><iframe src="${POLYV}"></iframe>`],
  ['a script tag', '<script src="https://player.polyv.net/x.js"></script>'],
  ['an object tag', `<object data="${POLYV}"></object>`],
  ['an svg with onload', '<svg onload=alert(1)>'],
  ['quote breaking out of src', `<iframe src="${POLYV}" x="" onload="alert(1)"></iframe>`],
  ['duplicate src', `<iframe src="${POLYV}" src="https://evil.example.com"></iframe>`],
  ['backslash host trick', '<iframe src="https://evil.example.com\\@player.polyv.net/"></iframe>'],
  ['newline in the URL', 'https://player.polyv.net/live\n<script>'],
  ['vbscript', 'vbscript:msgbox(1)'],
  ['file URL', 'file:///etc/passwd'],
  ['relative path', '/api/user/information'],
  ['empty', ''],
  ['just text', '直播地址稍后公布'],
];
