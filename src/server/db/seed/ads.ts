/**
 * Ads (roll_images): at least one row for every slot type of AD_TYPE, with
 * image, script ('2') and video ('3') creatives.
 */
import { AD_KIND, AD_TYPE, type AdKind, type AdSlotType } from '../../../shared/constants.ts';
import { urls } from '../../../shared/urls.ts';
import type { SeededCompany } from './companies.ts';
import { insertRows, shift, type Row, type SeedContext } from './util.ts';

/** Ids the ads link to. */
export interface AdTargets {
  companies: SeededCompany[];
  buckCourseId: number;
  interviewCourseId: number;
  aiLiveId: number;
}

interface AdData {
  type: AdSlotType;
  kind: AdKind;
  title: string;
  image?: string;
  /** The creative drawn for phones (from public/ads/*-m.svg). */
  mobileImage?: string;
  /** A company index (links to its zone) or an on-site path. */
  link: number | string;
  video?: string;
  script?: string;
}

/** A harmless script creative: static HTML with inline styles, rendered in a frame. */
const COUNTDOWN_SCRIPT =
  '<div style="width:250px;height:250px;box-sizing:border-box;padding:26px 16px;background:linear-gradient(135deg,#0f4c81,#1c7ed6);color:#fff;font-family:sans-serif;text-align:center">' +
  '<div style="font-size:18px;font-weight:bold">电源设计训练营 · 第三期</div>' +
  '<div style="margin-top:18px;font-size:14px;opacity:.85">报名截止倒计时</div>' +
  '<div style="margin-top:6px;font-size:44px;font-weight:bold;letter-spacing:2px">3 天</div>' +
  '<a href="/column" target="_top" style="display:inline-block;margin-top:14px;padding:6px 20px;background:#ffd43b;color:#0f4c81;border-radius:16px;text-decoration:none;font-size:14px">立即报名</a>' +
  '</div>';

/**
 * A demo creative's picture: drawn from public/ads/<name>.svg to WebP by scripts/media.ts, as an
 * advertiser's upload would be a picture (an SVG image is a document of its own on a phone).
 */
const demoAd = (name: string) => `/media/gen/ads/${name}.webp`;

function adList(t: AdTargets): AdData[] {
  const img = AD_KIND.image;
  return [
    {
      type: AD_TYPE.carousel,
      kind: img,
      title: '电源设计训练营第三期火热报名中',
      image: demoAd('carousel-1'),
      link: urls.course(t.buckCourseId),
    },
    {
      type: AD_TYPE.carousel,
      kind: img,
      title: 'ESP32-S3 边缘 AI 实战直播进行中',
      image: demoAd('carousel-2'),
      link: urls.liveDetail(t.aiLiveId),
    },
    {
      type: AD_TYPE.carousel,
      kind: img,
      title: '华芯半导体 32 位电机控制 MCU 新品发布',
      image: demoAd('carousel-3'),
      link: 0,
    },
    {
      type: AD_TYPE.topBanner,
      kind: img,
      title: '恒拓电源 宽压 DC-DC 样片免费申请',
      image: demoAd('top-banner'),
      mobileImage: demoAd('top-banner-m'),
      link: 2,
    },
    {
      type: AD_TYPE.leftSkyscraper,
      kind: img,
      title: '启明微电子 精密运放选型指南',
      image: demoAd('skyscraper-left'),
      link: 1,
    },
    {
      type: AD_TYPE.rightSkyscraper,
      kind: AD_KIND.video,
      title: '凌波射频 Sub-GHz 无线模组',
      image: demoAd('skyscraper-right'),
      video: '/media/ads/side-ad.mp4',
      link: 3,
    },
    {
      type: AD_TYPE.window,
      kind: img,
      title: '北辰汽车电子 车规 CAN FD 收发器',
      image: demoAd('window-1'),
      link: 4,
    },
    {
      type: AD_TYPE.window,
      kind: AD_KIND.script,
      title: '电源设计训练营报名倒计时',
      script: COUNTDOWN_SCRIPT,
      link: '/column',
    },
    {
      type: AD_TYPE.centrePopup,
      kind: img,
      title: '2026 嵌入式开发者大会线上分会场',
      image: demoAd('centre-popup'),
      link: '/live',
    },
    {
      type: AD_TYPE.indexLeft,
      kind: img,
      title: '芯跃智能 端侧 AI 视觉模组',
      image: demoAd('index-left'),
      link: 5,
    },
    {
      type: AD_TYPE.indexRight,
      kind: img,
      title: '致远测控 示波器以旧换新',
      image: demoAd('index-right'),
      link: 6,
    },
    {
      type: AD_TYPE.indexBanner,
      kind: img,
      title: '沃森传感 MEMS 评估板免费申领',
      image: demoAd('index-banner'),
      mobileImage: demoAd('index-banner-m'),
      link: 7,
    },
    {
      type: AD_TYPE.footerBanner,
      kind: img,
      title: '联创物联 LoRa 与 ESP32 模组',
      image: demoAd('footer-1'),
      mobileImage: demoAd('footer-1-m'),
      link: 8,
    },
    {
      type: AD_TYPE.footerBanner,
      kind: img,
      title: '晶源电子 被动器件样品快速申请',
      image: demoAd('footer-2'),
      mobileImage: demoAd('footer-2-m'),
      link: 9,
    },
    {
      type: AD_TYPE.contentTop,
      kind: img,
      title: '学习工具：电阻色环、PCB 线宽一键计算',
      image: demoAd('content-top'),
      mobileImage: demoAd('content-top-m'),
      link: '/learningtools',
    },
    {
      type: AD_TYPE.contentRight,
      kind: img,
      title: '硬件工程师面试 60 问',
      image: demoAd('content-right'),
      link: urls.course(t.interviewCourseId),
    },
  ];
}

export async function seedAds(ctx: SeedContext, targets: AdTargets): Promise<void> {
  const perType = new Map<number, number>();
  const rows: Row<'roll_images'>[] = adList(targets).map((ad, i) => {
    const order = (perType.get(ad.type) ?? 0) + 1;
    perType.set(ad.type, order);
    const company = typeof ad.link === 'number' ? targets.companies[ad.link] : undefined;
    if (typeof ad.link === 'number' && !company)
      throw new Error(`seed: ad ${ad.title} names a missing company`);
    return {
      type: ad.type,
      ad_type: ad.kind,
      title: ad.title,
      image_url: ad.image ?? null,
      mobile_image_url: ad.mobileImage ?? null,
      click_url: company ? `https://${company.domain}/` : String(ad.link),
      vedio_url: ad.video ?? null,
      ad_script: ad.script ?? null,
      display_order: order,
      company_id: company?.id ?? null,
      enabled: 1,
      // No schedule: demo ads stay up however long after seeding the site is browsed.
      start_at: null,
      end_at: null,
      created_at: shift(ctx.now, { days: -30 + i }),
    };
  });
  await insertRows(ctx, 'roll_images', rows);
}
