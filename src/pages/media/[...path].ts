/**
 * /media/<key>: every media file from the media store (disk under MEDIA_DIR or the bucket,
 * src/server/providers/storage/media.ts), streamed: generated HLS playlists, fMP4 init and
 * segments and covers (/media/gen/…), uploaded MP4s (/media/uploads/…), and lesson and
 * broadcast media (/media/sealed/…) only through a grant (/media/s/<grant>/…, issue 23).
 * What is answered is services/learning/media/media-serve.ts. Files under public/media/ (the demo
 * ad) are static assets and never reach this route.
 */
import type { APIRoute } from 'astro';
import { siteOrigin } from '../../server/api/middleware.ts';
import { pageDeps } from '../../server/page.ts';
import { zoneHosts } from '../../server/services/site/index.ts';
import { defaultMediaStore } from '../../server/providers/storage/media.ts';
import { mediaGrantKey, serveMedia } from '../../server/services/learning/index.ts';
import { SESSION_COOKIE } from '../../shared/constants.ts';

const answer: APIRoute = async ({ params, request, cookies }) => {
  const res = await serveMedia(defaultMediaStore(), {
    path: params.path ?? '',
    request,
    session: cookies.get(SESSION_COOKIE)?.value,
    async sealed() {
      const deps = await pageDeps();
      return { key: await mediaGrantKey(deps), now: deps.clock.now() };
    },
  });
  return withMediaCors(request, res);
};

/**
 * Pages on another of the site's origins (www, partner zones, a static export) play media from
 * this one (MEDIA_ORIGIN / API_ORIGIN): the player's requests carry the session cookie, and
 * their answers, refusals included, are readable by those origins alone.
 */
async function withMediaCors(request: Request, res: Response): Promise<Response> {
  const origin = request.headers.get('origin');
  if (!origin) return res;
  const deps = await pageDeps();
  if (!deps.config.mediaOrigin) return res;
  if (!siteOrigin(origin, deps.config, await zoneHosts(deps))) return res;
  const headers = new Headers(res.headers);
  headers.set('Access-Control-Allow-Origin', origin);
  headers.set('Access-Control-Allow-Credentials', 'true');
  headers.set('Access-Control-Expose-Headers', 'Content-Length, Content-Range');
  headers.append('Vary', 'Origin');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

export const GET = answer;
export const HEAD = answer;
