/**
 * The development SMS provider: instead of a phone, a row in `sms_outbox`
 * (read back by `/api/dev/sms-outbox` in demo mode). Logs that it is a
 * development provider, never the code.
 */
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { maskMobile } from '../../../shared/phone.ts';
import type { SmsProvider } from './index.ts';

/** devOutboxSms(deps).sendCode({ areaNum: '86', mobile }, '1234', 'login') → a row in sms_outbox. */
export function devOutboxSms(deps: Pick<Deps, 'db' | 'clock' | 'logger'>): SmsProvider {
  return {
    name: 'dev-outbox',
    development: true,
    async sendCode(phone, code, purpose) {
      const what = purpose === 'reset' ? '重置密码' : '登录/注册';
      await deps.db
        .insertInto('sms_outbox')
        .values({
          area_num: phone.areaNum,
          mobile: phone.mobile,
          purpose,
          code,
          body: `【芯学堂】您的${what}验证码为${code}，5分钟内有效，请勿泄露给他人。`,
          created_at: iso(deps.clock.now()),
        })
        .execute();
      deps.logger.warn('development SMS provider: code written to sms_outbox, no SMS sent', {
        provider: 'dev-outbox',
        mobile: maskMobile(phone.mobile),
        purpose,
      });
    },
    canNotify: () => true,
    async sendNotice(phone, notice) {
      await deps.db
        .insertInto('sms_outbox')
        .values({
          area_num: phone.areaNum,
          mobile: phone.mobile,
          purpose: notice.kind,
          code: '',
          body: notice.text,
          created_at: iso(deps.clock.now()),
        })
        .execute();
    },
  };
}
