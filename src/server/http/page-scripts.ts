/**
 * A page's own scripts (Astro's bundled component scripts: the header's user, the login trigger,
 * the ads, reading progress…) are asked for after the page has painted, not while it loads
 * (issue 30). Parser-inserted module scripts do not block rendering, but on a slow link they take
 * connections and bandwidth from the document and the first screen's picture, and Lighthouse's
 * model (Lantern) charges every script request that ended before the first paint to the largest
 * paint: measured by hand on /article/1, the two page scripts alone cost 250–500 ms of its LCP.
 *
 * So every `<script type="module" src>` Astro rendered is taken out of the page and one small
 * inline loader (the same bytes on every page, so the same CSP hash) adds them once the first
 * contentful paint has been seen and the `load` event has fired (or 2.5 s after either, should
 * the other be far off), or at once on the reader's first touch or key. They keep their order
 * (`async = false`). Islands hydrate on their own and are not touched, and a script tag with any
 * other attribute (the console's entry has `data-now`: it is the whole page) stays as it is.
 *
 * A click that comes before the scripts have run is not lost: on a button, on a `[data-login]`
 * element, or on a link a page script handles (one with a `data-*` attribute of its own, not a new
 * window's), it is held and replayed once they have run; a submitted form likewise. Plain links
 * navigate at once. When the scripts have run, `<html data-page-scripts="ready">` says so.
 */

/**
 * The loader, minified by hand (it travels in every page). `s`: the scripts
 * (`data-page-modules`, space-separated); `h`: held elements; `r`: the scripts have run;
 * `g`: they were added; `p`/`l`: first contentful paint seen / `load` fired. `H` holds a
 * click or submit, `G` adds the scripts, `M` adds them once both `p` and `l` are true.
 */
export const PAGE_SCRIPT_LOADER =
  "(()=>{let d=document,s=d.currentScript.dataset.pageModules.split(' '),h=[],r=0,g=0,p=0,l=0," +
  'H=e=>{let t=e.target,x=0;if(r||!t.closest||t.closest("astro-island"))return;' +
  "if(e.type=='submit')x=t;else if(!(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)){" +
  "x=t.closest('a[href],button,[role=button],[data-login],input');" +
  "if(x&&!x.matches('button,[role=button],[data-login],input[type=submit],input[type=button],input[type=image]')" +
  "&&!(x.matches('a:not([target])')&&[...x.attributes].some(a=>/^data-(?!astro)/.test(a.name))))x=0}" +
  'if(x){e.preventDefault();e.stopImmediatePropagation();h.includes(x)||h.push(x);G()}},' +
  'G=()=>{if(g)return;g=1;let n=s.length;for(let u of s){let c=d.createElement("script");' +
  "c.type='module';c.src=u;c.async=!1;c.onload=c.onerror=()=>{if(--n)return;r=1;" +
  "d.documentElement.dataset.pageScripts='ready';for(let x of h)x.tagName=='FORM'?x.requestSubmit():x.click()};" +
  'd.head.append(c)}},' +
  'M=()=>{p&&l&&G()},P=()=>{p=1;M();setTimeout(G,2500)},L=()=>{l=1;M();setTimeout(G,2500)},o;' +
  "d.addEventListener('click',H,!0);d.addEventListener('submit',H,!0);" +
  "for(let t of['pointerdown','keydown','touchstart'])addEventListener(t,G,{once:!0,passive:!0,capture:!0});" +
  "d.readyState=='complete'?L():addEventListener('load',L,{once:!0});" +
  "if(self.PerformanceObserver?.supportedEntryTypes?.includes('paint'))" +
  "(o=new PerformanceObserver(q=>{q.getEntriesByName('first-contentful-paint').length&&(o.disconnect(),P())}))" +
  ".observe({type:'paint',buffered:!0});else P()})()";

const MODULE_SCRIPT = /<script type="module" src="([^"<>\s]+)"><\/script>/g;

/**
 * The page with its module scripts loaded after its first paint:
 * deferPageScripts('…<script type="module" src="/_astro/a.js"></script>…</body>')
 *   → '……<script data-page-modules="/_astro/a.js">(loader)</script></body>'
 * A page without module scripts, or without a `</body>`, is returned as it is.
 */
export function deferPageScripts(html: string): string {
  if (!html.includes('</body>')) return html;
  const srcs: string[] = [];
  const rest = html.replace(MODULE_SCRIPT, (_, src: string) => {
    if (!srcs.includes(src)) srcs.push(src);
    return '';
  });
  if (srcs.length === 0) return html;
  const at = rest.lastIndexOf('</body>');
  return (
    rest.slice(0, at) +
    `<script data-page-modules="${srcs.join(' ')}">${PAGE_SCRIPT_LOADER}</script>` +
    rest.slice(at)
  );
}
