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
 * ALIPAY_APP_ID, ALIPAY_SELLER_ID, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE, ALIPAY_GATEWAY (optional);
 * PAY_NOTIFY_BASE (optional, default SITE_URL);
 * COURIER_PROVIDER=kuaidi100 with KUAIDI100_CUSTOMER, KUAIDI100_KEY, KUAIDI100_BASE_URL (optional).
 */
import type { AppConfig } from '../config.ts';
import type { Deps } from '../deps.ts';
import type { SmsProvider } from './sms/index.ts';
import { aliyunSms } from './sms/aliyun.ts';
import { devOutboxSms } from './sms/dev-outbox.ts';
import type { UploadStorage } from './storage/disk.ts';
import { devWechat } from './wechat/dev.ts';
import type { WechatProvider } from './wechat/index.ts';
import { oauthWechat } from './wechat/oauth.ts';
import type { CdnPurger } from './cdn/types.ts';
import type { FakeKuaidi100 } from './courier/fake-kuaidi100.ts';
import type { CourierProvider } from './courier/types.ts';
import type { FileStore } from './storage/files.ts';
import { buildMediaStore, type MediaStore } from './storage/media.ts';
import {
  ALIPAY_VARS,
  buildCourier,
  buildPay,
  KUAIDI100_VARS,
  payNames,
  WECHATPAY_VARS,
  type PayProviders,
} from './build-commerce.ts';
import { buildCdn, buildResourceStore, buildStorage } from './build-storage.ts';
import { missing, type Env, type ProviderDeps } from './env.ts';
export { RESOURCE_NAME, type FileStore } from './storage/files.ts';
export { CdnPurgeError, type CdnPurger } from './cdn/types.ts';
export { tc3Authorization } from './cdn/tencent.ts';
export type { PayProviders } from './build-commerce.ts';
export type { ProviderDeps } from './env.ts';
export {
  buildCdn,
  buildResourceStore,
  buildStorage,
  defaultUploadStorage,
} from './build-storage.ts';

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

const ALIYUN_VARS = [
  'ALIYUN_ACCESS_KEY_ID',
  'ALIYUN_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
];
const WECHAT_VARS = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'];

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

/** Replaces some of a runtime's providers (tests: fakes at the edge of the system). */
export function setProviders(deps: Deps, overrides: Partial<Providers>): Providers {
  deps.providers = { ...deps.providers, ...overrides };
  return deps.providers;
}
