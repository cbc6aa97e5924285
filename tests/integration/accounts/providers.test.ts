/**
 * The SMS provider seam: the Aliyun adapter against a local fake that checks
 * signatures, provider settings from the environment, production mode's
 * refusal of development providers, and the demo-only endpoints.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertProductionProviders,
  buildProviders,
  setProviders,
} from '../../../src/server/providers/registry.ts';

import { aliyunSms } from '../../../src/server/providers/sms/aliyun.ts';
import { devOutboxSms } from '../../../src/server/providers/sms/dev-outbox.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';
import { call, captcha, logsLeak, sendCode } from '../../support/accounts.ts';
import { startFakeAliyun, type FakeAliyun } from '../../support/fake-aliyun.ts';

let rt: TestRuntime;
let fake: FakeAliyun;
const KEY = { id: 'LTAI5tFakeKeyId', secret: 'fakeAccessKeySecret0001' };
const aliyun = (secret = KEY.secret) =>
  aliyunSms({
    accessKeyId: KEY.id,
    accessKeySecret: secret,
    signName: '芯学堂',
    templateCode: 'SMS_480000001',
    endpoint: fake.url,
  });

beforeAll(async () => {
  rt = await createTestRuntime();
  fake = await startFakeAliyun({ [KEY.id]: KEY.secret });
});
afterAll(async () => {
  await fake.close();
  await rt.close();
});

describe('Aliyun SMS adapter', () => {
  it('sends a signed SendSms that the fake accepts, and the code logs the member in', async () => {
    setProviders(rt.deps, { sms: aliyun() });
    expect((await sendCode(rt, '13200001111', { ip: '10.7.0.1' })).code).toBe(200);
    const msg = fake.sent.at(-1)!;
    expect(msg).toMatchObject({
      phoneNumbers: '13200001111',
      signName: '芯学堂',
      templateCode: 'SMS_480000001',
    });
    expect(msg.code).toMatch(/^\d{4}$/);
    const login = await call<{ registered: boolean }>(rt, '/api/user/loginCode', {
      json: { mobile: '13200001111', areaNum: '86', code: msg.code },
    });
    expect(login.body.code).toBe(200);
    expect(login.body.data.registered).toBe(true);
    expect(logsLeak(rt, msg.code)).toBe(false);
    expect(logsLeak(rt, KEY.secret)).toBe(false);
  });

  it('writes other regions with their country code', async () => {
    setProviders(rt.deps, { sms: aliyun() });
    const { captchaId, answer } = await captcha(rt, '10.7.0.2');
    const res = await call(rt, '/api/user/sendCode', {
      form: { mobile: '61234567', areaNum: '852', captcha: answer, captchaId, type: '1' },
      ip: '10.7.0.2',
    });
    expect(res.body.code).toBe(200);
    expect(fake.sent.at(-1)!.phoneNumbers).toBe('85261234567');
  });

  it('fails cleanly when the signature is wrong, and the code cannot be used', async () => {
    setProviders(rt.deps, { sms: aliyun('wrong-secret') });
    expect(await sendCode(rt, '13200002222', { ip: '10.7.0.3' })).toEqual({
      code: 500,
      message: '短信发送失败，请稍后再试',
      data: null,
    });
    expect(fake.errors.at(-1)).toBe('SignatureDoesNotMatch');
    expect(
      rt.logger.lines.some(
        (l) => l.msg === 'SMS send failed' && l.providerCode === 'SignatureDoesNotMatch',
      ),
    ).toBe(true);
    const row = await rt.db
      .selectFrom('sms_codes')
      .select('used')
      .where('mobile', '=', '13200002222')
      .executeTakeFirstOrThrow();
    expect(row.used).toBe(1);
  });

  it("passes on Aliyun's own flow control as a wait", async () => {
    setProviders(rt.deps, { sms: aliyun() });
    fake.limited.add('13200003333');
    const res = await sendCode(rt, '13200003333', { ip: '10.7.0.4' });
    expect(res.code).toBe(429);
    expect(res.message).toBe('发送次数过多，请60分钟后再试');
    expect(fake.errors.at(-1)).toBe('isv.BUSINESS_LIMIT_CONTROL');
  });

  it('is built from the environment', async () => {
    const env = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: KEY.id,
      ALIYUN_ACCESS_KEY_SECRET: KEY.secret,
      ALIYUN_SMS_SIGN_NAME: '芯学堂',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_480000001',
      ALIYUN_SMS_ENDPOINT: fake.url,
    };
    const providers = buildProviders(rt.deps, env);
    expect(providers.sms.name).toBe('aliyun');
    expect(providers.wechat.name).toBe('dev');
    setProviders(rt.deps, providers);
    expect((await sendCode(rt, '13200004444', { ip: '10.7.0.5' })).code).toBe(200);
    expect(fake.sent.at(-1)!.phoneNumbers).toBe('13200004444');
    setProviders(rt.deps, { sms: devOutboxSms(rt.deps) });
  });
});

/** WeChat Pay settings with real key files (never called here). */
function wechatPayEnv() {
  const dir = mkdtempSync(join(tmpdir(), 'xxt-wxpay-'));
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(
    join(dir, 'apiclient_key.pem'),
    merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );
  writeFileSync(
    join(dir, 'pub_key.pem'),
    platform.publicKey.export({ type: 'spki', format: 'pem' }),
  );
  return {
    COURIER_PROVIDER: 'kuaidi100',
    KUAIDI100_CUSTOMER: 'C0000000000000000000000000000001',
    KUAIDI100_KEY: 'key',
    PAY_PROVIDER: 'wechatpay',
    WECHATPAY_MCHID: '1900000109',
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
    WECHATPAY_PUBLIC_KEY_FILE: join(dir, 'pub_key.pem'),
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092024111100000000000000',
    WECHATPAY_APIV3_KEY: 'a'.repeat(32),
  };
}

describe('production mode', () => {
  const pay = wechatPayEnv();
  const full = {
    ...pay,
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: 'id',
    ALIYUN_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: '芯学堂',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    WECHAT_PROVIDER: 'oauth',
    WECHAT_APP_ID: 'wx1',
    WECHAT_APP_SECRET: 'wxsecret',
  };

  it('refuses to start without real provider settings, naming what is missing', () => {
    expect(() => assertProductionProviders({ mode: 'production' }, {})).toThrow(
      /SMS_PROVIDER=aliyun[\s\S]*WECHAT_PROVIDER=oauth/,
    );
    const { ALIYUN_SMS_TEMPLATE_CODE: _t, ...noTemplate } = full;
    expect(() => assertProductionProviders({ mode: 'production' }, noTemplate)).toThrow(
      /ALIYUN_SMS_TEMPLATE_CODE is required/,
    );
    expect(() =>
      assertProductionProviders({ mode: 'production' }, { ...full, SMS_PROVIDER: 'dev' }),
    ).toThrow(/SMS_PROVIDER/);
    expect(() =>
      assertProductionProviders({ mode: 'production' }, { ...full, PAY_PROVIDER: '' }),
    ).toThrow(/PAY_PROVIDER=wechatpay/);
    const { WECHATPAY_APIV3_KEY: _k, ...noKey } = full;
    expect(() => assertProductionProviders({ mode: 'production' }, noKey)).toThrow(
      /WECHATPAY_APIV3_KEY is required/,
    );
    expect(() => assertProductionProviders({ mode: 'production' }, full)).not.toThrow();
    expect(() => assertProductionProviders({ mode: 'demo' }, {})).not.toThrow();
    expect(() => assertProductionProviders({ mode: 'demo' }, { SMS_PROVIDER: 'aliyun' })).toThrow(
      /ALIYUN_ACCESS_KEY_ID is required/,
    );
    expect(() =>
      buildProviders({ ...rt.deps, config: { ...rt.deps.config, mode: 'production' } }, {}),
    ).toThrow(/incomplete/);
  });

  it('hides the development endpoints behind the unknown-path answer', async () => {
    const prod = await createTestRuntime({
      seed: false,
      config: { mode: 'production' },
      // Production refuses development providers: configure real ones (never called here).
      providerEnv: {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_ACCESS_KEY_ID: 'id',
        ALIYUN_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '芯学堂',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
        WECHAT_PROVIDER: 'oauth',
        WECHAT_APP_ID: 'wx1',
        WECHAT_APP_SECRET: 'wxsecret',
        ...pay,
      },
    });
    try {
      const made = await call<{ captchaId: string }>(prod, '/api/getCaptcha', {
        json: { captchaType: 0 },
      });
      expect(made.body.code).toBe(200);
      const dev = await call(prod, `/api/dev/captcha/${made.body.data.captchaId}`);
      expect(dev.status).toBe(404);
      expect(dev.body).toEqual({ code: 404, message: '接口不存在', data: null });
      const platform = await call(prod, '/api/dev/wxpay/v3/pay/transactions/native', { json: {} });
      expect(platform.status).toBe(404);
      expect(platform.body).toEqual({ code: 404, message: '接口不存在', data: null });
      const outbox = await call(prod, '/api/dev/sms-outbox?mobile=13800138001');
      expect(outbox.status).toBe(404);
      expect(outbox.body).toEqual({ code: 404, message: '接口不存在', data: null });
    } finally {
      await prod.close();
    }
  });
});
