/**
 * GET /resources/item/<id>: one resource's entry on the resources list (issue 24;
 * search results link here). Redirects (302) to the list page that holds it,
 * at its line (#resource-<id>); an unknown id goes to the list's first page.
 * Not cached: the page a file sits on moves as new files are added.
 */
import type { APIRoute } from 'astro';
import { idParam, pageDeps } from '../../../server/page.ts';
import { RESOURCES_PAGE_SIZE, resourcePage } from '../../../server/services/courses/index.ts';
import { urls } from '../../../shared/urls.ts';

export const GET: APIRoute = async ({ params }) => {
  const id = idParam(params.id);
  const page = id === null ? null : await resourcePage(await pageDeps(), id, RESOURCES_PAGE_SIZE);
  const location = page === null ? urls.resources() : `${urls.resources({ page })}#resource-${id}`;
  return new Response(null, {
    status: 302,
    headers: { location, 'cache-control': 'no-store' },
  });
};
