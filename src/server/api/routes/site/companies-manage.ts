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
} from '../../../services/site/index.ts';
import { crud, displayOrder, flag, listed, siteUrl, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  companyName: '请输入公司名称（不超过50个字）',
  domain: '请输入专区域名，如 zone.example.com',
  description: '简介不能超过500个字',
} as const;

/** A host name: lower-case labels of letters, digits and hyphens, at least one dot. */
const domain = z
  .string({ error: TEXT.domain })
  .trim()
  .toLowerCase()
  .max(253, TEXT.domain)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, TEXT.domain);

const company = z.object({
  name: text(50, TEXT.companyName),
  domain,
  logo: siteUrl,
  description: text(500, TEXT.description, 0).optional(),
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
