/**
 * /media/gen/<key>/<file>: the generated demo media (scripts/media.ts) from
 * MEDIA_DIR, streamed from disk: HLS playlists, fMP4 init and segments.
 * Only those three file shapes under one folder level are served.
 */
import type { APIRoute } from 'astro';
import { mediaFile } from '../../../server/services/learning/index.ts';

export const GET: APIRoute = async ({ params }) => {
  const file = await mediaFile(params.path ?? '');
  if (!file)
    return new Response('Not Found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  return new Response(file.body, {
    headers: {
      'Content-Type': file.type,
      'Content-Length': String(file.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=86400',
    },
  });
};
