/**
 * Script creatives (spec 3 adType '2') run in a sandboxed frame served from
 * its own URL, `/api/roll_image/frame/{id}`, with a policy of its own: a
 * srcdoc frame would inherit the page's Content-Security-Policy, which (by
 * design) lets no inline script run.
 */

/**
 * The frame gets scripts only: without allow-same-origin its origin is
 * opaque, so it cannot read the site's cookies or storage nor touch
 * `parent.document`; without allow-top-navigation or allow-popups it cannot
 * move the reader's page or open windows.
 */
export const AD_FRAME_SANDBOX = 'allow-scripts';

/** Where a script creative's frame document is served. */
export const adFrameUrl = (id: number) => `/api/roll_image/frame/${id}`;

/**
 * The frame document's own policy: the creative's inline and https scripts,
 * styles and images run, but only inside a sandbox (also when the URL is
 * opened directly) and only framed by the site itself.
 */
export const AD_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' https:",
  "style-src 'unsafe-inline' https:",
  'img-src https: data:',
  'media-src https:',
  'font-src https: data:',
  'connect-src https:',
  "frame-ancestors 'self'",
  'sandbox allow-scripts',
].join('; ');

/** The frame document: the creative's HTML in a bare page. */
export function frameDocument(script: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    '<meta name="referrer" content="no-referrer">' +
    '<style>html,body{margin:0;height:100%;overflow:hidden}</style></head>' +
    `<body>${script}</body></html>`
  );
}
