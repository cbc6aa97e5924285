/** Member uploads (avatars), re-encoded WebP under random names: cached for good. */
import type { APIRoute } from 'astro';
import { readUpload } from '../../server/services/accounts/index.ts';

export const GET: APIRoute = async ({ params }) => {
  const bytes = await readUpload(params.name ?? '');
  if (!bytes)
    return new Response('Not Found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/webp',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
};
