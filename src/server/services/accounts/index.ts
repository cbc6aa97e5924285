/**
 * # accounts — phone-number identities and sessions (spec 4, 5, 7 user calls)
 *
 * Words: user (a row of users: member or staff role), IP 属地 (ip_region: the region of the latest
 * login or post, on the profile), session (a hashed 256-bit token with a
 * 3-day expiry), captcha (图形验证码), SMS code (短信验证码, 4 digits), code login (auto-registers
 * an unknown phone), WeChat login and binding, invite (邀请码), reset (找回密码), profile (个人资料).
 * Avoid "customer", "account" for a member's content, "OTP".
 * Owns: users, sessions, wx_identities, wx_states, captchas, sms_codes, account_tokens,
 * invites, uploads.
 * Leaves to others: SMS and WeChat protocols (providers), rate limits (lib), what a member
 * writes (members), roles' rules (src/shared/roles.ts), the
 * invite reward granted when an invitation is recorded (commerce: codes/invite-rewards.ts).
 * Projections: SessionUser (the session's view of a user); member UserInfo; public
 * CaptchaChallenge, PublicMember (a member's public page: name, photo, IP 属地, joined).
 */
export { ACCOUNTS_MSG } from './messages.ts';
export {
  CAPTCHA_CHARS,
  captchaDataUrl,
  captchaSvg,
  captchaText,
  normalizeAnswer,
} from './captcha-image.ts';
export {
  createCaptcha,
  devCaptchaAnswer,
  verifyCaptcha,
  type CaptchaChallenge,
} from './captcha.ts';
export { findOrCreateUser, loginWithCode } from './code-login.ts';
export { myInvite, saveInvite } from './invite.ts';
export { loginWithPassword } from './password-login.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { saveProfile } from './profile.ts';
export { confirmReset, requestResetCode, verifyResetCode } from './reset.ts';
export { endUserSessions, setUserBan, setUserDisabled } from './restrictions.ts';
export { changeMobile, changePassword } from './security.ts';
export {
  bearerToken,
  createSession,
  noteMemberRegion,
  resolveSession,
  revokeSession,
  securityOverview,
  type SessionUser,
} from './sessions.ts';
export { sha256 } from './shared.ts';
export { issueSmsCode, latestOutboxCode } from './sms-codes.ts';
export { readUpload, saveUploadedImage } from './uploads.ts';
export { getUserInfo } from './users.ts';
export { publicMember, type PublicMember } from './public-member.ts';
export { bindWxIdentity, completeWxLogin, safeRedirect, startWxLogin } from './wechat.ts';

// Member views the islands read (import type).
/** POST /api/user/information: `{ info }`. */
export type { UserInfo } from './users.ts';
