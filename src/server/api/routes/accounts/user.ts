/** The member's own account calls (spec 7, user). */
import { MSG } from '../../../../shared/messages.ts';
import { passwordLoginSchema } from '../../../../shared/schemas.ts';
import { getUserInfo, loginWithPassword, revokeSession } from '../../../services/accounts/index.ts';
import { vipStatus } from '../../../services/commerce/index.ts';
import { sessionToken } from '../../middleware.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';
import { clearSessionCookie, sessionMeta, setSessionCookie } from '../../session-cookie.ts';

export const userRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/user/login',
    access: 'public',
    input: passwordLoginSchema,
    message: MSG.loginSuccess,
    async handler({ input, deps, c }) {
      const session = await loginWithPassword(deps, input, sessionMeta(c));
      setSessionCookie(c, deps, session);
      return { token: session.token };
    },
  }),
  route({
    method: 'post',
    path: '/api/user/information',
    access: 'member',
    async handler({ user, deps }) {
      const info = await getUserInfo(deps, user!.id);
      if (!info) throw AppError.unauthorized();
      // The header shows VIP and its end, and hides ads for VIP (issue 27).
      return { info, vip: await vipStatus(deps, user!.id) };
    },
  }),
  route({
    method: 'post',
    path: '/api/user/logout',
    access: 'public',
    async handler({ deps, c }) {
      const token = sessionToken(c);
      if (token) await revokeSession(deps, token);
      clearSessionCookie(c, deps);
      return null;
    },
  }),
];
