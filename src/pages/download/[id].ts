/**
 * GET /download/<id>: counts a resource download and redirects (302) to the
 * file; an unknown id is a 404. Never cached, so every download is counted.
 */
import type { APIRoute } from 'astro';
import { idParam, pageDeps } from '../../server/page.ts';
import { downloadResponse } from '../../server/services/catalogue/index.ts';

export const GET: APIRoute = async ({ params }) =>
  downloadResponse(await pageDeps(), idParam(params.id));
