/**
 * /media/<key>: every media file from the media store (disk under MEDIA_DIR or the bucket,
 * src/server/providers/storage/media.ts), streamed: generated HLS playlists, fMP4 init and
 * segments and covers (/media/gen/…), uploaded MP4s (/media/uploads/…), and lesson and
 * broadcast media (/media/sealed/…) only through a grant (/media/s/<grant>/…, issue 23).
 * What is answered is services/learning/media-serve.ts. Files under public/media/ (the demo
 * ad) are static assets and never reach this route.
 */
import type { APIRoute } from 'astro';
import { pageDeps } from '../../server/page.ts';
import { defaultMediaStore } from '../../server/providers/storage/media.ts';
import { mediaGrantKey, serveMedia } from '../../server/services/learning/index.ts';
import { SESSION_COOKIE } from '../../shared/constants.ts';

const answer: APIRoute = ({ params, request, cookies }) =>
  serveMedia(defaultMediaStore(), {
    path: params.path ?? '',
    request,
    session: cookies.get(SESSION_COOKIE)?.value,
    async sealed() {
      const deps = await pageDeps();
      return { key: await mediaGrantKey(deps), now: deps.clock.now() };
    },
  });

export const GET = answer;
export const HEAD = answer;
