/**
 * The accounts flows' messages that the browser shows too (captcha, SMS codes,
 * lockout, invites, profile, upload, password reset, WeChat): the login and
 * profile forms validate with them (account-schemas.ts). The spec's exact
 * texts stay in MSG (../messages.ts); the server-only ones are in
 * services/accounts/messages.ts. `{{n}}` placeholders are filled with fmt().
 */
export const ACCOUNTS_MSG = {
  captchaInvalid: '图形验证码错误或已过期',
  captchaIdRequired: '请先获取图形验证码',
  codeInvalid: '验证码错误或已过期',
  codeTypeInvalid: '验证码类型无效',
  sendTooFrequent: '发送过于频繁，请{{n}}秒后再试',
  sendHourlyLimit: '发送次数过多，请{{n}}分钟后再试',
  sendDailyLimit: '今日发送次数已达上限，请明天再试',
  sendIpLimit: '请求过于频繁，请稍后再试',
  sendFailed: '短信发送失败，请稍后再试',
  /** The shared limiter (Redis) is down: no code is sent until it is back. */
  sendUnavailable: '短信服务暂时不可用，请稍后再试',
  /** The send-code button during its countdown (spec 4: 'N秒后重新发送'). */
  resendIn: '{{n}}秒后重新发送',
  captchaTooMany: '获取图形验证码过于频繁，请稍后再试',
  loginLocked: '账号已临时锁定，请{{n}}分钟后再试',
  loginIpLimit: '登录尝试过于频繁，请稍后再试',
  /** Many wrong passwords on one account, from anywhere: a password try needs a captcha (code 428). */
  loginCaptchaNeeded: '该账号密码错误次数较多，请输入图形验证码后再登录，或使用短信验证码登录',
  /** …and the tries are spaced further apart each time. */
  loginSlowDown: '尝试过于频繁，请{{n}}秒后再试，或使用短信验证码登录',
  inviteRequired: '请输入邀请码',
  inviteInvalid: '邀请码无效',
  inviteSelf: '不能填写自己的邀请码',
  inviteLoop: '不能填写您邀请的用户的邀请码',
  inviteAlready: '您已填写过邀请码',
  inviteTooLate: '注册超过7天，无法再填写邀请码',
  inviteSaved: '邀请码填写成功',
  nameRequired: '请输入昵称',
  nameTooLong: '昵称不能超过20个字符',
  emailInvalid: '请输入正确的邮箱',
  jobRoleInvalid: '请选择正确的职位',
  productInvalid: '请选择正确的关注产品',
  photoInvalid: '头像无效，请重新上传',
  profileSaved: '保存成功',
  uploadMissing: '请选择要上传的图片',
  uploadType: '只支持JPG、PNG、WEBP、GIF格式的图片',
  uploadTooLarge: '图片不能超过5MB',
  uploadTooMany: '上传过于频繁，请稍后再试',
  uploadSuccess: '上传成功',
  resetTokenInvalid: '重置已失效，请重新验证手机号',
  resetDone: '密码已重置，请重新登录',
  wxStateInvalid: '二维码已失效，请重新扫码登录',
  wxAuthFailed: '微信授权失败，请重新扫码',
  wxBindInvalid: '绑定已失效，请重新扫码登录',
  wxNeedsBind: '请绑定手机号以完成登录',
  wxPhoneTaken: '该手机号已绑定其他微信账号',
  devNothingSent: '没有找到发送给该手机号的验证码',
  devCaptchaUnknown: '图形验证码不存在或已过期',
  /** /safesetting: the password form checks this before the server does. */
  security: {
    oldPasswordRequired: '请输入原密码',
  },
} as const;
