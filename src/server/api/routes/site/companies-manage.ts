/**
 * Partner companies for staff (section "content"): their zone domains and
 * login images. Form-encoded or JSON; on update, fields left out keep their
 * value.
 */
import { z } from 'zod';
import {
  createCompany,
  deleteCompany,
  listAdminCompanies,
  updateCompany,
  SITE_MSG,
} from '../../../services/site/index.ts';
import { crud, displayOrder, flag, listed, siteUrl, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';
import { API_MSG } from '../../messages.ts';

/** A host name: lower-case labels of letters, digits and hyphens, at least one dot. */
const domain = z
  .string({ error: SITE_MSG.company.domain })
  .trim()
  .toLowerCase()
  .max(253, SITE_MSG.company.domain)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, SITE_MSG.company.domain);

const company = z.object({
  name: text(50, SITE_MSG.company.name),
  domain,
  logo: siteUrl,
  description: text(500, API_MSG.descriptionTooLong, 0).optional(),
  loginImageUrl: siteUrl,
  featured: flag.optional(),
  displayOrder,
});

export const companyManageRoutes: RouteDef[] = crud({
  kind: 'company',
  target: 'company',
  schema: company,
  list: route({
    method: 'get',
    path: '/api/admin/company/list',
    access: 'staff:content',
    handler: async ({ deps }) => listed(await listAdminCompanies(deps)),
  }),
  create: createCompany,
  update: updateCompany,
  remove: deleteCompany,
});
