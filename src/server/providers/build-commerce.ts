/**
 * The commerce providers from the settings: WeChat Pay and Alipay
 * (PAY_PROVIDER) and the courier (COURIER_PROVIDER=kuaidi100); in demo mode
 * without them, the same clients against the local platforms this process
 * serves under /api/dev/.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createFakeWechatPay,
  demoWechatMerchant,
  fakeClientConfig,
  type FakeWechatPay,
} from './payment/fake-wechatpay.ts';
import type { PaymentProvider, PayMethod } from './payment/types.ts';
import { wechatPayV3 } from './payment/wechatpay-v3.ts';
import { alipay, type AlipayConfig } from './payment/alipay.ts';
import {
  createFakeAlipay,
  demoAlipayApp,
  fakeAlipayConfig,
  type FakeAlipay,
} from './payment/fake-alipay.ts';
import { createFakeKuaidi100, type FakeKuaidi100 } from './courier/fake-kuaidi100.ts';
import { kuaidi100 } from './courier/kuaidi100.ts';
import type { CourierProvider } from './courier/types.ts';
import { selfBase, type Env, type ProviderDeps } from './env.ts';

/** The payment side: the methods offered, where platforms notify, and the demo platform. */
export interface PayProviders {
  methods: Partial<Record<PayMethod, PaymentProvider>>;
  /** The origin platforms post notifications to (…/api/pay/notify/<method>). */
  notifyBase: string;
  /** Demo mode: the local WeChat Pay platform, served under /api/dev/wxpay. */
  devWechat?: FakeWechatPay;
  /** Demo mode: the local Alipay gateway, served under /api/dev/alipay. */
  devAlipay?: FakeAlipay;
}

/** The courier, and in demo mode the local Kuaidi100 it talks to. */
export interface CourierProviders {
  courier: CourierProvider;
  /** Demo mode: the local Kuaidi100, served under /api/dev/kuaidi100. */
  devCourier?: FakeKuaidi100;
}

export const KUAIDI100_VARS = ['KUAIDI100_CUSTOMER', 'KUAIDI100_KEY'];

/** Kuaidi100 from KUAIDI100_* settings; in demo mode without them, the local fake. */
export function buildCourier(deps: ProviderDeps, env: Env): CourierProviders {
  if (env.COURIER_PROVIDER?.trim() === 'kuaidi100')
    return {
      courier: kuaidi100({
        baseUrl: env.KUAIDI100_BASE_URL?.trim() || 'https://poll.kuaidi100.com',
        customer: env.KUAIDI100_CUSTOMER!.trim(),
        key: env.KUAIDI100_KEY!.trim(),
      }),
    };
  const demo = { customer: 'DEMO0000000000000000000000000001', key: 'demoKuaidi100Key' };
  // The local courier's records are the shop's shipped orders: taken when shipped, bound for the address.
  const fake = createFakeKuaidi100({
    ...demo,
    now: () => deps.clock.now().getTime(),
    waybill: async (num) => {
      const order = await deps.db
        .selectFrom('orders')
        .select(['shipped_at', 'address'])
        .where('express_number', '=', num.toUpperCase())
        .where('shipped_at', 'is not', null)
        .orderBy('shipped_at', 'desc')
        .executeTakeFirst();
      if (!order?.shipped_at) return null;
      const to = JSON.parse(order.address ?? '{}') as {
        province?: string;
        city?: string;
        district?: string;
      };
      return { pickedUpAt: new Date(order.shipped_at), to: { ...to, city: to.city ?? '' } };
    },
  });
  return {
    courier: kuaidi100({
      ...demo,
      baseUrl: `${selfBase(deps.config)}/api/dev/kuaidi100`,
      development: true,
    }),
    devCourier: fake,
  };
}

export const ALIPAY_VARS = [
  'ALIPAY_APP_ID',
  'ALIPAY_SELLER_ID',
  'ALIPAY_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY_FILE',
];

export const WECHATPAY_VARS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_ID',
  'WECHATPAY_APIV3_KEY',
];

/** The demo merchant's and platform's keys: made once per process. */
let demoKeys:
  | {
      merchant: ReturnType<typeof demoWechatMerchant>;
      platform: { publicKey: KeyObject; privateKey: KeyObject };
      alipayApp: ReturnType<typeof demoAlipayApp>;
      alipay: { publicKey: KeyObject; privateKey: KeyObject };
    }
  | undefined;

/**
 * The Alipay client for the demo gateway: server calls go to the loopback
 * gateway, the browser to `browserGateway` (the same app on the site's address).
 */
function alipayClient(config: AlipayConfig, browserGateway: string): PaymentProvider {
  const server = alipay(config);
  const browser = alipay({ ...config, gateway: browserGateway });
  return { ...server, createPayment: (input) => browser.createPayment(input) };
}

/** The payment platforms PAY_PROVIDER names: "wechatpay", "alipay", both comma-separated, or "dev". */
export function payNames(env: Env): string[] {
  return (env.PAY_PROVIDER ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * WeChat Pay and Alipay from their settings (PAY_PROVIDER=wechatpay,alipay);
 * in demo mode without them, the same clients against the local platforms
 * this process serves under /api/dev/wxpay and /api/dev/alipay.
 */
export function buildPay(deps: ProviderDeps, env: Env): PayProviders {
  const names = payNames(env).filter((n) => n !== 'dev');
  if (names.length > 0) {
    const methods: PayProviders['methods'] = {};
    if (names.includes('wechatpay'))
      methods.wechat = wechatPayV3({
        baseUrl: env.WECHATPAY_BASE_URL?.trim() || 'https://api.mch.weixin.qq.com',
        mchid: env.WECHATPAY_MCHID!.trim(),
        appid: env.WECHATPAY_APPID!.trim(),
        merchantSerialNo: env.WECHATPAY_SERIAL_NO!.trim(),
        merchantPrivateKey: readFileSync(env.WECHATPAY_PRIVATE_KEY_FILE!.trim(), 'utf8'),
        platformPublicKey: readFileSync(env.WECHATPAY_PUBLIC_KEY_FILE!.trim(), 'utf8'),
        platformPublicKeyId: env.WECHATPAY_PUBLIC_KEY_ID!.trim(),
        apiV3Key: env.WECHATPAY_APIV3_KEY!.trim(),
      });
    if (names.includes('alipay'))
      methods.alipay = alipay({
        gateway: env.ALIPAY_GATEWAY?.trim() || 'https://openapi.alipay.com/gateway.do',
        appId: env.ALIPAY_APP_ID!.trim(),
        sellerId: env.ALIPAY_SELLER_ID!.trim(),
        appPrivateKey: readFileSync(env.ALIPAY_PRIVATE_KEY_FILE!.trim(), 'utf8'),
        alipayPublicKey: readFileSync(env.ALIPAY_PUBLIC_KEY_FILE!.trim(), 'utf8'),
      });
    return {
      methods,
      notifyBase: (env.PAY_NOTIFY_BASE?.trim() || deps.config.siteUrl).replace(/\/$/, ''),
    };
  }
  const self = selfBase(deps.config);
  demoKeys ??= {
    merchant: demoWechatMerchant(),
    platform: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    alipayApp: demoAlipayApp(),
    alipay: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  };
  const merchant = demoKeys.merchant;
  const fake = createFakeWechatPay({
    merchants: [merchant.merchant],
    platformKeys: demoKeys.platform,
    // The payer's browser opens the platform's page on the site's own address.
    publicBase: () => `${deps.config.siteUrl}/api/dev/wxpay`,
  });
  const fakeAli = createFakeAlipay({
    apps: [demoKeys.alipayApp.app],
    platformKeys: demoKeys.alipay,
  });
  const ali = fakeAlipayConfig(fakeAli, demoKeys.alipayApp, `${self}/api/dev/alipay/gateway.do`);
  return {
    methods: {
      wechat: wechatPayV3(fakeClientConfig(fake, merchant, `${self}/api/dev/wxpay`)),
      // The browser is sent to the gateway: the site's own address, not the loopback one.
      alipay: alipayClient(ali, `${deps.config.siteUrl}/api/dev/alipay/gateway.do`),
    },
    notifyBase: env.PAY_NOTIFY_BASE?.trim() || self,
    devWechat: fake,
    devAlipay: fakeAli,
  };
}
