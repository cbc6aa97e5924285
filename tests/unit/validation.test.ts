import { describe, expect, it } from 'vitest';
import { areaNumSchema, passwordLoginSchema, phoneSchema } from '../../src/shared/schemas.ts';
import {
  checkCaptcha,
  checkPassword,
  checkPhone,
  checkSmsCode,
} from '../../src/shared/validation.ts';

describe('spec 5 rules, exact messages', () => {
  it.each([
    ['', '请输入手机号'],
    ['   ', '请输入手机号'],
    ['138-0013-8001', '请输入正确的手机号'],
    ['1380013800a', '请输入正确的手机号'],
    [' 13800138001 ', null],
  ])('phone %j → %s', (v, m) => expect(checkPhone(v)).toBe(m));

  it.each([
    ['', '请输入密码'],
    ['12345', '密码不能低于6位'],
    ['123456', null],
  ])('password %j → %s', (v, m) => expect(checkPassword(v)).toBe(m));

  it.each([
    ['', '请输入验证码'],
    ['123', '验证码为4位'],
    ['12345', '验证码为4位'],
    [' 1234 ', null],
  ])('sms code %j → %s', (v, m) => expect(checkSmsCode(v)).toBe(m));

  it('captcha is required', () => {
    expect(checkCaptcha(' ')).toBe('请输入图形验证码');
    expect(checkCaptcha('ab3d')).toBeNull();
  });
});

describe('server schemas built on the same rules', () => {
  it('trims the phone and defaults the area code to 86', () => {
    expect(passwordLoginSchema.parse({ mobile: ' 13800138001 ', password: 'Demo@2026' })).toEqual({
      mobile: '13800138001',
      areaNum: '86',
      password: 'Demo@2026',
    });
    expect(areaNumSchema.parse('+852')).toBe('852');
    expect(areaNumSchema.safeParse('999').success).toBe(false);
  });

  it('reports the first spec message', () => {
    const r = phoneSchema.safeParse('');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('请输入手机号');
  });
});
