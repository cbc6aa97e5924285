/** Partner companies and their zones (spec 7): one company, the list, its statistics. */
import { optionalId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { companyStatistics, getCompany, listCompanies } from '../../../services/site/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

export const companyRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/company/get',
    access: 'public',
    input: z.object({ id: optionalId, domain: z.string().max(253).optional() }),
    async handler({ input, deps, c }) {
      // Without an id or domain, the company is the zone the request came to (its Host).
      const domain =
        input.domain ??
        (input.id === undefined ? (c.req.header('host') ?? '').split(':')[0] : undefined);
      const company = await getCompany(deps, { id: input.id, domain });
      if (!company && input.id !== undefined) throw AppError.notFound();
      return company;
    },
  }),
  route({
    method: 'get',
    path: '/api/company/list',
    access: 'public',
    input: z.object({ featured: z.enum(['0', '1']).optional() }),
    handler: async ({ input, deps }) => ({
      list: await listCompanies(deps, { featuredOnly: input.featured === '1' }),
    }),
  }),
  route({
    method: 'get',
    path: '/api/company/statics',
    access: 'public',
    input: z.object({ id: optionalId }),
    handler: ({ input, deps }) => companyStatistics(deps, input.id),
  }),
];
