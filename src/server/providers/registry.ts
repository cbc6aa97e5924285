/**
 * Builds the outside-world providers from the configuration and environment
 * (DESIGN: Providers). Demo mode falls back to the development providers;
 * production mode refuses to run without the real ones. The runtime builds
 * them once into `deps.providers`; tests replace some with setProviders.
 *
 * Environment: SMS_PROVIDER=aliyun, ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET,
 * ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE, ALIYUN_SMS_ENDPOINT (optional),
 * ALIYUN_SMS_REGION (optional); WECHAT_PROVIDER=oauth, WECHAT_APP_ID,
 * WECHAT_APP_SECRET, WECHAT_OPEN_BASE / WECHAT_API_BASE (optional);
 * UPLOAD_DIR (default data/uploads); PAY_PROVIDER=wechatpay with WECHATPAY_MCHID,
 * WECHATPAY_APPID, WECHATPAY_SERIAL_NO, WECHATPAY_PRIVATE_KEY_FILE,
 * WECHATPAY_PUBLIC_KEY_FILE, WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_APIV3_KEY,
 * WECHATPAY_BASE_URL (optional); PAY_PROVIDER=alipay (or wechatpay,alipay) with
 * ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE, ALIPAY_GATEWAY (optional);
 * PAY_NOTIFY_BASE (optional, default SITE_URL);
 * COURIER_PROVIDER=kuaidi100 with KUAIDI100_CUSTOMER, KUAIDI100_KEY, KUAIDI100_BASE_URL (optional).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AppConfig } from '../config.ts';
import type { Deps } from '../deps.ts';
import type { SmsProvider } from './sms/index.ts';
import { aliyunSms } from './sms/aliyun.ts';
import { devOutboxSms } from './sms/dev-outbox.ts';
import { diskStorage, type UploadStorage } from './storage/disk.ts';
import { s3Storage } from './storage/s3.ts';
import { devWechat } from './wechat/dev.ts';
import type { WechatProvider } from './wechat/index.ts';
import { oauthWechat } from './wechat/oauth.ts';
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
import { aliyunCdn } from './cdn/aliyun.ts';
import { tencentCdn } from './cdn/tencent.ts';
import type { CdnPurger } from './cdn/types.ts';
import { diskFiles, s3Files, type FileStore } from './storage/files.ts';
import { buildMediaStore, type MediaStore } from './storage/media.ts';
export { RESOURCE_NAME, type FileStore } from './storage/files.ts';
export { CdnPurgeError, type CdnPurger } from './cdn/types.ts';
export { tc3Authorization } from './cdn/tencent.ts';

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

export interface Providers {
  sms: SmsProvider;
  wechat: WechatProvider;
  storage: UploadStorage;
  pay: PayProviders;
  courier: CourierProvider;
  /** Demo mode: the local Kuaidi100, served under /api/dev/kuaidi100. */
  devCourier?: FakeKuaidi100;
  /** CDN purges (CDN_PROVIDER); null: no CDN in front, or one that only honours TTLs. */
  cdn: CdnPurger | null;
  /** Downloadable resource files (RESOURCE_STORAGE): disk or bucket. */
  resources: FileStore;
  /** Media under /media/ (MEDIA_STORAGE): disk under MEDIA_DIR or bucket. */
  media: MediaStore;
}

const KUAIDI100_VARS = ['KUAIDI100_CUSTOMER', 'KUAIDI100_KEY'];

/** Kuaidi100 from KUAIDI100_* settings; in demo mode without them, the local fake. */
function buildCourier(deps: ProviderDeps, env: Env): Pick<Providers, 'courier' | 'devCourier'> {
  if (env.COURIER_PROVIDER?.trim() === 'kuaidi100')
    return {
      courier: kuaidi100({
        baseUrl: env.KUAIDI100_BASE_URL?.trim() || 'https://poll.kuaidi100.com',
        customer: env.KUAIDI100_CUSTOMER!.trim(),
        key: env.KUAIDI100_KEY!.trim(),
      }),
    };
  const demo = { customer: 'DEMO0000000000000000000000000001', key: 'demoKuaidi100Key' };
  const fake = createFakeKuaidi100(demo);
  return {
    courier: kuaidi100({
      ...demo,
      baseUrl: `${selfBase(deps.config)}/api/dev/kuaidi100`,
      development: true,
    }),
    devCourier: fake,
  };
}

const ALIPAY_VARS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'];

const WECHATPAY_VARS = [
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

/** The server's own address for calls it makes to itself (the demo payment platform). */
function selfBase(config: ProviderDeps['config']): string {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** The payment platforms PAY_PROVIDER names: "wechatpay", "alipay", both comma-separated, or "dev". */
function payNames(env: Env): string[] {
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
function buildPay(deps: ProviderDeps, env: Env): PayProviders {
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

type Env = Record<string, string | undefined>;
/** What building the providers needs: the deps without the providers themselves. */
export type ProviderDeps = Omit<Deps, 'providers'>;

const ALIYUN_VARS = [
  'ALIYUN_ACCESS_KEY_ID',
  'ALIYUN_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
];
const WECHAT_VARS = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'];

function missing(env: Env, names: string[]): string[] {
  return names.filter((n) => !env[n]?.trim());
}

/** What is wrong with the provider settings for this mode (empty when nothing is). */
export function providerProblems(config: Pick<AppConfig, 'mode'>, env: Env): string[] {
  const problems: string[] = [];
  const sms = env.SMS_PROVIDER?.trim();
  if (sms === 'aliyun') {
    for (const n of missing(env, ALIYUN_VARS))
      problems.push(`${n} is required with SMS_PROVIDER=aliyun`);
  } else if (sms && sms !== 'dev') {
    problems.push(`SMS_PROVIDER must be "aliyun" (or "dev" in demo mode), got "${sms}"`);
  } else if (config.mode === 'production') {
    problems.push(
      'SMS_PROVIDER=aliyun and its ALIYUN_* settings are required in production (the development outbox sends nothing)',
    );
  }
  const wx = env.WECHAT_PROVIDER?.trim();
  if (wx === 'oauth') {
    for (const n of missing(env, WECHAT_VARS))
      problems.push(`${n} is required with WECHAT_PROVIDER=oauth`);
  } else if (wx && wx !== 'dev') {
    problems.push(`WECHAT_PROVIDER must be "oauth" (or "dev" in demo mode), got "${wx}"`);
  } else if (config.mode === 'production') {
    problems.push(
      'WECHAT_PROVIDER=oauth with WECHAT_APP_ID and WECHAT_APP_SECRET is required in production',
    );
  }
  const courier = env.COURIER_PROVIDER?.trim();
  if (courier === 'kuaidi100') {
    for (const n of missing(env, KUAIDI100_VARS))
      problems.push(`${n} is required with COURIER_PROVIDER=kuaidi100`);
  } else if (courier && courier !== 'dev') {
    problems.push(`COURIER_PROVIDER must be "kuaidi100" (or "dev" in demo mode), got "${courier}"`);
  } else if (config.mode === 'production') {
    problems.push(
      'COURIER_PROVIDER=kuaidi100 with KUAIDI100_CUSTOMER and KUAIDI100_KEY is required in production',
    );
  }
  const pays = payNames(env);
  for (const name of pays)
    if (!['wechatpay', 'alipay', 'dev'].includes(name))
      problems.push(
        `PAY_PROVIDER may name "wechatpay", "alipay" (or "dev" in demo mode), got "${name}"`,
      );
  if (pays.includes('wechatpay'))
    for (const n of missing(env, WECHATPAY_VARS))
      problems.push(`${n} is required with PAY_PROVIDER=wechatpay`);
  if (pays.includes('alipay'))
    for (const n of missing(env, ALIPAY_VARS))
      problems.push(`${n} is required with PAY_PROVIDER=alipay`);
  if (config.mode === 'production' && !pays.some((p) => p === 'wechatpay' || p === 'alipay'))
    problems.push(
      'PAY_PROVIDER=wechatpay and/or alipay with their settings is required in production (the local payment platforms take no money)',
    );
  if (config.mode === 'production' && pays.includes('dev'))
    problems.push('PAY_PROVIDER=dev is for demo mode only');
  return problems;
}

/**
 * Throws, listing every missing setting, when production mode would run on
 * development providers or half-configured real ones. Call at boot.
 */
export function assertProductionProviders(
  config: Pick<AppConfig, 'mode'>,
  env: Env = process.env,
): void {
  const problems = providerProblems(config, env);
  if (problems.length === 0) return;
  throw new Error(
    `Provider settings are incomplete (XXT_MODE=${config.mode}):\n- ${problems.join('\n- ')}\n` +
      'Set them in the environment (see README, "Configuration"), or run with XXT_MODE=demo for the development providers.',
  );
}

/** Builds the providers the settings name; throws on incomplete settings (see assertProductionProviders). */
export function buildProviders(deps: ProviderDeps, env: Env = process.env): Providers {
  assertProductionProviders(deps.config, env);
  const sms =
    env.SMS_PROVIDER?.trim() === 'aliyun'
      ? aliyunSms({
          accessKeyId: env.ALIYUN_ACCESS_KEY_ID!.trim(),
          accessKeySecret: env.ALIYUN_ACCESS_KEY_SECRET!.trim(),
          signName: env.ALIYUN_SMS_SIGN_NAME!.trim(),
          templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!.trim(),
          endpoint: env.ALIYUN_SMS_ENDPOINT?.trim() || undefined,
          regionId: env.ALIYUN_SMS_REGION?.trim() || undefined,
          noticeTemplates: {
            liveReminder: env.ALIYUN_SMS_REMINDER_TEMPLATE_CODE?.trim() || undefined,
          },
        })
      : devOutboxSms(deps);
  const wechat =
    env.WECHAT_PROVIDER?.trim() === 'oauth'
      ? oauthWechat({
          appId: env.WECHAT_APP_ID!.trim(),
          appSecret: env.WECHAT_APP_SECRET!.trim(),
          openBase: env.WECHAT_OPEN_BASE?.trim() || undefined,
          apiBase: env.WECHAT_API_BASE?.trim() || undefined,
        })
      : devWechat(deps.logger);
  const storage = buildStorage(env);
  const pay = buildPay(deps, env);
  const courier = buildCourier(deps, env);
  for (const p of [sms, wechat, ...Object.values(pay.methods), courier.courier]) {
    if (p.development)
      deps.logger.warn('development provider in use', { provider: p.name, mode: deps.config.mode });
  }
  return {
    sms,
    wechat,
    storage,
    pay,
    ...courier,
    cdn: buildCdn(env),
    resources: buildResourceStore(env),
    media: buildMediaStore(env),
  };
}

const CDN_VARS = ['CDN_ACCESS_KEY_ID', 'CDN_ACCESS_KEY_SECRET'];

/** CDN_PROVIDER=aliyun (RefreshObjectCaches) or tencent (PurgeUrlsCache); unset: none. */
export function buildCdn(env: Env): CdnPurger | null {
  const name = env.CDN_PROVIDER?.trim();
  if (!name) return null;
  if (name !== 'aliyun' && name !== 'tencent')
    throw new Error(`CDN_PROVIDER must be aliyun or tencent, got ${name}`);
  const absent = missing(env, CDN_VARS);
  if (absent.length) throw new Error(`CDN_PROVIDER=${name} needs ${absent.join(', ')}`);
  const quota = Number.parseInt(env.CDN_DAILY_QUOTA ?? '', 10);
  const common = {
    endpoint: env.CDN_ENDPOINT?.trim() || undefined,
    dailyQuota: Number.isInteger(quota) && quota > 0 ? quota : undefined,
  };
  return name === 'aliyun'
    ? aliyunCdn({
        accessKeyId: env.CDN_ACCESS_KEY_ID!.trim(),
        accessKeySecret: env.CDN_ACCESS_KEY_SECRET!.trim(),
        ...common,
      })
    : tencentCdn({
        secretId: env.CDN_ACCESS_KEY_ID!.trim(),
        secretKey: env.CDN_ACCESS_KEY_SECRET!.trim(),
        ...common,
      });
}

/** Replaces some of a runtime's providers (tests: fakes at the edge of the system). */
export function setProviders(deps: Deps, overrides: Partial<Providers>): Providers {
  deps.providers = { ...deps.providers, ...overrides };
  return deps.providers;
}

const S3_VARS = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

/** Where uploads are kept: the local disk (default) or, with STORAGE_PROVIDER=s3, a bucket. */
export function buildStorage(env: Env): UploadStorage {
  if (env.STORAGE_PROVIDER?.trim() !== 's3')
    return diskStorage(env.UPLOAD_DIR?.trim() || 'data/uploads');
  const absent = missing(env, S3_VARS);
  if (absent.length) throw new Error(`STORAGE_PROVIDER=s3 needs ${absent.join(', ')}`);
  return s3Storage({
    bucket: env.S3_BUCKET!.trim(),
    region: env.S3_REGION!.trim(),
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE?.trim() === '1',
    prefix: env.S3_PREFIX?.trim() || undefined,
  });
}

/**
 * Where resource files are kept: the local disk (RESOURCE_DIR, default
 * data/resources) or, with RESOURCE_STORAGE=s3, the S3_* bucket under
 * S3_RESOURCE_PREFIX (default resources/).
 */
export function buildResourceStore(env: Env): FileStore {
  if (env.RESOURCE_STORAGE?.trim() !== 's3')
    return diskFiles(env.RESOURCE_DIR?.trim() || 'data/resources');
  const absent = missing(env, S3_VARS);
  if (absent.length) throw new Error(`RESOURCE_STORAGE=s3 needs ${absent.join(', ')}`);
  return s3Files({
    bucket: env.S3_BUCKET!.trim(),
    region: env.S3_REGION!.trim(),
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE?.trim() === '1',
    prefix: env.S3_RESOURCE_PREFIX?.trim() || 'resources/',
  });
}

let processStorage: UploadStorage | undefined;

/** The upload storage of the process's environment, for callers without deps (serving /uploads). */
export function defaultUploadStorage(env: Env = process.env): UploadStorage {
  processStorage ??= buildStorage(env);
  return processStorage;
}
