/**
 * The accounts domain: phone-number identities and sessions (spec 4, 5, 7 user
 * calls; DESIGN: Identity). Owns users, sessions, graphic captchas, SMS codes,
 * password and code login (auto-registration), WeChat QR login and binding,
 * invites, password recovery, the member's profile and avatar uploads, and the
 * /safesetting changes of password and phone.
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
export { maskMobile, sha256 } from './shared.ts';
export { issueSmsCode } from './sms-codes.ts';
export { readUpload, saveUploadedImage } from './uploads.ts';
export { getUserInfo } from './users.ts';
export { bindWxIdentity, completeWxLogin, safeRedirect, startWxLogin } from './wechat.ts';
