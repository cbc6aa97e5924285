/**
 * The accounts calls of spec 7 (user): graphic captcha, SMS codes, code
 * login/register, login check, invites, profile, avatar upload and password
 * recovery. WeChat login and the demo-only helpers are in their own modules.
 */
import { z } from 'zod';
import {
  codeLoginSchema,
  getCaptchaSchema,
  inviteSaveSchema,
  resetCodeSchema,
  resetConfirmSchema,
  saveUserSchema,
  SEND_CODE_TYPE,
  sendCodeSchema,
  verifyResetSchema,
} from '../../../../shared/account-schemas.ts';

import { MSG } from '../../../../shared/messages.ts';
import {
  confirmReset,
  createCaptcha,
  getUserInfo,
  issueSmsCode,
  loginWithCode,
  myInvite,
  requestResetCode,
  saveInvite,
  saveProfile,
  saveUploadedImage,
  verifyCaptcha,
  verifyResetCode,
  ACCOUNTS_MSG,
} from '../../../services/accounts/index.ts';

import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';
import { clientIp, sessionMeta, setSessionCookie } from '../../session-cookie.ts';

export const accountRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/getCaptcha',
    access: 'public',
    input: getCaptchaSchema,
    handler: ({ deps, c }) => createCaptcha(deps, clientIp(c)),
  }),
  route({
    method: 'post',
    path: '/api/user/sendCode',
    access: 'public',
    input: sendCodeSchema,
    message: MSG.codeSent,
    async handler({ input, deps, c }) {
      await verifyCaptcha(deps, input.captchaId, input.captcha);
      const phone = { areaNum: input.areaNum, mobile: input.mobile };
      if (input.type === SEND_CODE_TYPE.reset) await requestResetCode(deps, phone, clientIp(c));
      else await issueSmsCode(deps, { phone, purpose: 'login', ip: clientIp(c), deliver: true });
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/api/user/loginCode',
    access: 'public',
    input: codeLoginSchema,
    message: MSG.loginSuccess,
    async handler({ input, deps, c }) {
      const session = await loginWithCode(deps, input, sessionMeta(c));
      setSessionCookie(c, deps, session);
      return { token: session.token, registered: session.registered };
    },
  }),
  route({
    method: 'post',
    path: '/api/user/verifyLogin',
    access: 'member',
    async handler({ user, deps }) {
      const info = await getUserInfo(deps, user!.id);
      if (!info) throw AppError.unauthorized();
      return { login: true, info };
    },
  }),
  route({
    method: 'post',
    path: '/api/user/invite',
    access: 'member',
    handler: ({ user, deps }) => myInvite(deps, user!.id),
  }),
  route({
    method: 'post',
    path: '/api/invite/save',
    access: 'member',
    input: inviteSaveSchema,
    message: ACCOUNTS_MSG.inviteSaved,
    async handler({ input, user, deps }) {
      await saveInvite(deps, user!.id, input.code);
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/api/user/saveUser',
    access: 'member',
    input: saveUserSchema,
    message: ACCOUNTS_MSG.profileSaved,
    handler: async ({ input, user, deps }) => ({ info: await saveProfile(deps, user!.id, input) }),
  }),
  route({
    method: 'post',
    path: '/api/upload/image1.action',
    access: 'member',
    input: z.object({ file: z.unknown().optional(), image: z.unknown().optional() }),
    message: ACCOUNTS_MSG.uploadSuccess,
    handler: ({ input, user, deps }) =>
      saveUploadedImage(deps, user!.id, input.file ?? input.image),
  }),
  route({
    method: 'post',
    path: '/api/user/verify_reset',
    access: 'public',
    input: verifyResetSchema,
    message: MSG.codeSent,
    async handler({ input, deps, c }) {
      await verifyCaptcha(deps, input.captchaId, input.captcha);
      await requestResetCode(deps, { areaNum: input.areaNum, mobile: input.mobile }, clientIp(c));
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/api/user/reset',
    access: 'public',
    input: resetCodeSchema,
    handler: ({ input, deps }) =>
      verifyResetCode(deps, { areaNum: input.areaNum, mobile: input.mobile }, input.code),
  }),
  route({
    method: 'post',
    path: '/api/user/resetConfirm',
    access: 'public',
    input: resetConfirmSchema,
    message: ACCOUNTS_MSG.resetDone,
    async handler({ input, deps }) {
      await confirmReset(deps, input.resetToken, input.password);
      return null;
    },
  }),
];
