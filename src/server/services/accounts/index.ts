/**
 * DOMAIN accounts
 */
export {
  CAPTCHA_CHARS,
  captchaDataUrl,
  captchaSvg,
  captchaText,
  normalizeAnswer,
} from './captcha-image.ts';
export { createCaptcha, devCaptchaAnswer, verifyCaptcha } from './captcha.ts';
export { loginWithCode } from './code-login.ts';
export { myInvite, saveInvite } from './invite.ts';
export { loginWithPassword } from './password-login.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { saveProfile } from './profile.ts';
export { confirmReset, requestResetCode, verifyResetCode } from './reset.ts';
export { SECURITY_MSG, changeMobile, changePassword } from './security.ts';
export { createSession, resolveSession, revokeSession, type SessionUser } from './sessions.ts';
export { accountsDb, maskMobile, sha256 } from './shared.ts';
export { issueSmsCode } from './sms-codes.ts';
export { readUpload, saveUploadedImage } from './uploads.ts';
export { getUserInfo } from './users.ts';
export { bindWxIdentity, completeWxLogin, safeRedirect, startWxLogin } from './wechat.ts';
