/** /safesetting's calls (change password, change phone) and the company zone's login image. */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import {
  areaNumSchema,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
} from '../../../../shared/schemas.ts';

import { changeMobile, changePassword, ACCOUNTS_MSG } from '../../../services/accounts/index.ts';
import { getCompany } from '../../../services/site/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

export const securityRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/user/changePassword',
    access: 'member',
    message: ACCOUNTS_MSG.security.passwordChanged,
    input: z.object({
      oldPassword: z.preprocess((v) => v ?? '', z.string().max(128)),
      password: passwordSchema,
    }),
    async handler({ input, user, deps }) {
      await changePassword(deps, user!, input);
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/api/user/changeMobile',
    access: 'member',
    message: ACCOUNTS_MSG.security.mobileChanged,
    input: z.object({ mobile: phoneSchema, areaNum: areaNumSchema, code: smsCodeSchema }),
    async handler({ input, user, deps }) {
      await changeMobile(deps, user!, { areaNum: input.areaNum, mobile: input.mobile }, input.code);
      return { mobile: input.mobile };
    },
  }),
  route({
    method: 'post',
    path: '/api/roll_image/loginImg',
    access: 'public',
    // spec 7: JSON { companyId } → data.imageUrl, the image beside a partner zone's login.
    input: z.object({
      companyId: z.coerce
        .number({ error: MSG.invalidId })
        .int(MSG.invalidId)
        .positive(MSG.invalidId),
    }),
    async handler({ input, deps }) {
      const company = await getCompany(deps, { id: input.companyId });
      if (!company) throw AppError.notFound();
      return { imageUrl: company.loginImageUrl };
    },
  }),
];
