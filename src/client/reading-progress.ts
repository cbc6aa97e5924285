/**
 * Reading progress on an article page (issue 28). `#p-<n>` (继续学习's link) opens the page at
 * the body's paragraph n (a direct child of the body, as notes count them). For a member, the
 * furthest paragraph that has come into the upper part of the screen is reported a few seconds
 * after it changes and when the page is hidden or left; the server keeps the furthest report.
 * Nothing is read or written for a visitor, and the cached page holds nothing of it.
 */
import { hashParagraph, readPercent } from '../shared/reading.ts';
import { hasLogin } from './presence.ts';

/** A new furthest paragraph is reported this long after it was reached (a burst of scrolling makes one report). */
const REPORT_DELAY_MS = 4000;

export function initReadingProgress(bodyId = 'article-body'): void {
  const body = document.getElementById(bodyId);
  const articleId = Number(body?.dataset.articleId);
  if (!body || !Number.isInteger(articleId) || articleId <= 0) return;
  const blocks = [...body.children];

  const wanted = hashParagraph(location.hash);
  const target = wanted === null ? undefined : blocks[wanted];
  if (target) {
    let moved = false;
    const open = () => {
      if (moved) return;
      target.scrollIntoView({ block: 'start' });
      target.classList.add('reading-resume');
    };
    open();
    // Figures above may still change size while loading; place it again once they have,
    // unless the reader has moved on by then.
    const stop = () => (moved = true);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const)
      addEventListener(type, stop, { once: true, passive: true });
    if (document.readyState !== 'complete') addEventListener('load', open, { once: true });
  }

  if (!hasLogin() || blocks.length === 0) return;
  // The API client (ky, about 8 KB) only for a member's page, loaded now so that a report on
  // leaving finds it ready; a visitor's article loads none of it (issue 3: 10 KB before load).
  const client = import('./api.ts');
  let reached = -1;
  let sent = target ? wanted! : -1;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (leaving: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    if (reached <= sent) return;
    sent = reached;
    const form = {
      articleId: String(articleId),
      paragraph: String(reached),
      percent: String(readPercent(reached, blocks.length)),
    };
    void client.then(({ api }) => api('post', 'reading/progress', { form, keepalive: leaving }));
  };

  // A paragraph counts once it shows in the upper 60 % of the screen.
  const seen = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const i = blocks.indexOf(e.target);
        if (i > reached) reached = i;
      }
      if (reached > sent && timer === undefined)
        timer = setTimeout(() => flush(false), REPORT_DELAY_MS);
    },
    { rootMargin: '0px 0px -40% 0px' },
  );
  for (const b of blocks) seen.observe(b);
  addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
}
