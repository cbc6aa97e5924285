/**
 * `client:member`: an island that matters only to a member (继续学习, 划线笔记) hydrates when the
 * browser is idle if it holds a login (client/presence.ts); for a visitor, only once it is within
 * 800 px of the viewport (its size settles off screen, as the comments' does). A visitor's page so
 * loads no island runtime for it before its load event (issue 3's 10 KB of JavaScript before
 * load; issue 30), and an island that renders nothing for a visitor is never hydrated for one.
 *
 * `client:member={{ visitors: false }}`: the visitor's view is the cached HTML as it stands (the
 * course page's 立即购买 with no offer running), so a visitor's page never hydrates it: a login
 * reloads the page (islands/login/after-login.ts), and a member's page hydrates it at idle.
 */
import type { ClientDirective } from 'astro';
import { hasLogin } from '../presence.ts';

const member: ClientDirective = (load, options, el) => {
  const hydrate = async () => (await load())();
  if (hasLogin()) {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
    return;
  }
  if ((options.value as { visitors?: boolean } | undefined)?.visitors === false) return;
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void hydrate();
    },
    { rootMargin: '800px' },
  );
  for (const child of el.children) io.observe(child);
};

export default member;
