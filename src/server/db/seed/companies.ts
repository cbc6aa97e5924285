/**
 * Partner companies (the header's technical-zone dropdown and the footer's
 * featured list). Each has a zone at `<slug>.xinxuetang.local`.
 */
import { nth, insertReturningIds, shift, type SeedContext } from './util.ts';

/** Parent domain of the demo partner zones. */
export const DEMO_ZONE_PARENT = 'xinxuetang.local';

interface DemoCompany {
  slug: string;
  name: string;
  featured: boolean;
  description: string;
}

const COMPANIES: DemoCompany[] = [
  {
    slug: 'huaxin-semi',
    name: '华芯半导体',
    featured: true,
    description:
      '华芯半导体专注于 32 位 MCU 与电源管理芯片，产品覆盖工业控制、智能家电与电机驱动，提供完整的参考设计与本地化技术支持。',
  },
  {
    slug: 'qiming-micro',
    name: '启明微电子',
    featured: true,
    description:
      '启明微电子提供高精度运算放大器、仪表放大器与 24 位 Σ-Δ ADC，广泛用于称重、医疗监护和过程控制仪表。',
  },
  {
    slug: 'hengtuo-power',
    name: '恒拓电源',
    featured: true,
    description:
      '恒拓电源是 DC-DC 转换器与 LDO 的设计公司，产品以宽输入电压、低静态电流见长，并开放在线环路补偿计算工具。',
  },
  {
    slug: 'lingbo-rf',
    name: '凌波射频',
    featured: true,
    description:
      '凌波射频提供 Sub-GHz 与 2.4 GHz 收发芯片、射频前端模组和天线设计服务，助力无线抄表与智能楼宇应用。',
  },
  {
    slug: 'beichen-auto',
    name: '北辰汽车电子',
    featured: true,
    description:
      '北辰汽车电子研发车规级 CAN/LIN 收发器、高边开关和电池管理前端芯片，产品通过 AEC-Q100 认证。',
  },
  {
    slug: 'xinyue-ai',
    name: '芯跃智能',
    featured: false,
    description:
      '芯跃智能推出面向端侧推理的 NPU 与 AI 视觉模组，配套模型量化与部署工具链，适用于安防、零售和工业质检。',
  },
  {
    slug: 'zhiyuan-instruments',
    name: '致远测控',
    featured: false,
    description:
      '致远测控生产数字示波器、可编程电源和电子负载，为实验室与产线提供一站式测试测量方案。',
  },
  {
    slug: 'wosen-sensing',
    name: '沃森传感',
    featured: false,
    description: '沃森传感专注 MEMS 惯性传感器、温湿度与气体传感器，提供传感器融合算法库和评估板。',
  },
  {
    slug: 'lianchuang-iot',
    name: '联创物联',
    featured: false,
    description:
      '联创物联提供基于 ESP32 和 LoRa 的无线通信模组与云平台接入服务，已服务数千家物联网硬件团队。',
  },
  {
    slug: 'jingyuan-passive',
    name: '晶源电子',
    featured: false,
    description: '晶源电子生产贴片电容、功率电感与晶振，提供选型手册与样品快速申请服务，交期稳定。',
  },
];

export interface SeededCompany {
  id: number;
  name: string;
  domain: string;
}

export async function seedCompanies(ctx: SeedContext): Promise<SeededCompany[]> {
  let loginImage = 0;
  const rows = COMPANIES.map((c, i) => ({
    name: c.name,
    domain: `${c.slug}.${DEMO_ZONE_PARENT}`,
    logo: `/logos/company-${i + 1}.svg`,
    description: c.description,
    // Only featured partners have their own login artwork; others use the site default.
    login_image_url: c.featured ? `/logos/login-${++loginImage}.svg` : null,
    featured: c.featured ? 1 : 0,
    display_order: i + 1,
    created_at: shift(ctx.now, { days: -200 + i * 7 }),
  }));
  const ids = await insertReturningIds(ctx, 'companies', 'domain', rows);
  return rows.map((r, i) => ({ id: nth(ids, i), name: r.name, domain: r.domain }));
}
