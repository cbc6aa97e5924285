/**
 * /media/<key>: every media file from the media store (disk under MEDIA_DIR or
 * the bucket, src/server/providers/storage/media.ts), streamed: generated HLS
 * playlists, fMP4 init and segments and covers (/media/gen/…), uploaded MP4s
 * (/media/uploads/…). One byte range per request (206 with Content-Range),
 * which players ask for when seeking in an MP4. Files under public/media/
 * (the demo ad) are static assets and never reach this route.
 */
import type { APIRoute } from 'astro';
import {
  defaultMediaStore,
  mediaCacheControl,
  parseRange,
} from '../../server/providers/storage/media.ts';

const notFound = () =>
  new Response('Not Found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

const answer: APIRoute = async ({ params, request }) => {
  const key = params.path ?? '';
  const file = await defaultMediaStore().open(key, parseRange(request.headers.get('range')));
  if (!file) return notFound();
  if ('unsatisfiable' in file)
    return new Response(null, {
      status: 416,
      headers: { 'Content-Range': `bytes */${file.size}`, 'Cache-Control': 'no-store' },
    });
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': mediaCacheControl(key),
  };
  const head = request.method === 'HEAD';
  if (head) void file.body.cancel();
  if (!file.range) {
    headers['Content-Length'] = String(file.size);
    return new Response(head ? null : file.body, { status: 200, headers });
  }
  const { start, end } = file.range;
  headers['Content-Length'] = String(end - start + 1);
  headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  return new Response(head ? null : file.body, { status: 206, headers });
};

export const GET = answer;
export const HEAD = answer;
