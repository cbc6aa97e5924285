/**
 * GET /download/<id>: counts a resource download and redirects (302) to the
 * file; an unknown id is a 404; a paid course's material needs the course.
 * Never cached, so every download is counted.
 */
import type { APIRoute } from 'astro';
import { idParam, pageDeps } from '../../server/page.ts';
import { resolveSession } from '../../server/services/accounts/index.ts';
import { downloadResponse } from '../../server/services/courses/index.ts';
import { SESSION_COOKIE } from '../../shared/constants.ts';

export const GET: APIRoute = async ({ params, cookies }) => {
  const deps = await pageDeps();
  // The member decides access to a paid course's material (issue 11).
  const member = await resolveSession(deps, cookies.get(SESSION_COOKIE)?.value);
  return downloadResponse(deps, idParam(params.id), member?.id ?? null);
};
