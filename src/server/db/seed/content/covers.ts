/**
 * A cover of its own for every demo item (issue 15: covers that match their
 * topics): an SVG card with the item's title, what it is (课程, 直播, 短视频 …)
 * and a drawing of its subject (one of 20: a switching stage, an LDO, a chip,
 * RTOS task boxes, a Smith chart, an antenna, an op-amp, a scope grid, an
 * exam paper …; neighbours get another fitting drawing where there is one,
 * and a different backdrop always), 16:9, or 9:16 for short videos.
 * `scripts/media.ts` draws them to MEDIA_DIR/covers/ as WebP at two widths (the seed points at
 * the larger, `coverImg` in src/shared/cover.ts offers both): a raster image decodes off a
 * phone's main thread, where every SVG image is a document of its own to lay out and paint
 * (issue 30: Lighthouse's blocking time on / was about halved).
 */
import { ARTICLE_CLASSIFIES } from './articles.ts';
import { BIG_COLUMNS, COURSES } from './courses.ts';
import { LIVES, SHORT_VIDEOS, VIDEOS } from './media.ts';

export interface DemoCover {
  key: string;
  title: string;
  /** What the item is: 课程, 直播, 精选视频, 短视频, or the article's classify. */
  label: string;
  tall: boolean;
  /** The drawing (demoCoverList picks one unlike the item before it's). */
  motif?: Motif;
}

/** A cover's two widths in pixels, larger first (9:16 for short videos, 16:9 otherwise). */
export function coverWidths(tall: boolean): [number, number] {
  return tall ? [360, 180] : [640, 320];
}

/** A generated cover's WebP file at one width; its name carries the width (src/shared/cover.ts). */
export function coverFileName(key: string, width: number): string {
  return `${key}-${width}.webp`;
}

/** The larger WebP of a generated cover. */
export function demoCoverUrl(key: string, tall = false): string {
  return `/media/gen/covers/${coverFileName(key, coverWidths(tall)[0])}`;
}

type Topic = 'power' | 'mcu' | 'analog' | 'bus' | 'test' | 'pcb' | 'code' | 'career';

const TOPICS: [Topic, RegExp][] = [
  ['career', /软考|考证|职业|面试|求职|工程师成长|简历/],
  ['power', /电源|Buck|Boost|DC-DC|LDO|MOS|电感|开关|功率|电池|充电|电机|逆变|PFC|氮化镓|GaN|SiC/i],
  [
    'bus',
    /CAN|I2C|I²C|SPI|UART|串口|总线|通信|以太网|USB|Wi-?Fi|蓝牙|BLE|物联网|无线|射频|LoRa|Modbus|网络/i,
  ],
  ['test', /示波器|测试|测量|调试|仪器|EMC|EMI|探头|抗干扰|失效|可靠性/],
  ['analog', /ADC|DAC|运放|信号链|模拟|滤波|传感|放大|噪声|基准/],
  ['pcb', /PCB|布线|layout|封装|焊接|电阻|电容|叠层|阻抗|元器件|色环/i],
  ['code', /AI|Linux|Python|算法|FPGA|软件|代码|C 语言|C语言|Rust|编译|OTA|固件|语音|图像|模型/i],
  ['mcu', /STM32|MCU|单片机|嵌入式|ARM|RTOS|ESP32|寄存器|HAL|Cortex|RISC-V|GD32|中断|定时器/i],
];

export function topicOf(title: string): Topic {
  return TOPICS.find(([, re]) => re.test(title))?.[0] ?? 'mcu';
}

const COLORS: Record<Topic, [string, string]> = {
  power: ['#7a2e0e', '#f59e0b'],
  mcu: ['#0f3d63', '#38bdf8'],
  analog: ['#3b1f5e', '#c084fc'],
  bus: ['#0b4a45', '#2dd4bf'],
  test: ['#1f3b1a', '#84cc16'],
  pcb: ['#0a5c36', '#e8c15a'],
  code: ['#1e1b4b', '#818cf8'],
  career: ['#5b1a2e', '#fb7185'],
};

/** The drawings a cover can carry: finer than the topic (which picks the colours). */
export type Motif =
  | 'chip'
  | 'rtos'
  | 'scope'
  | 'smith'
  | 'antenna'
  | 'inductor'
  | 'ldo'
  | 'motor'
  | 'battery'
  | 'opamp'
  | 'adc'
  | 'filter'
  | 'pcb'
  | 'parts'
  | 'bus'
  | 'code'
  | 'fpga'
  | 'ai'
  | 'exam'
  | 'emc';

/** First match wins: the most specific subjects come first. */
const MOTIFS: [Motif, RegExp][] = [
  ['exam', /软考|考证|考试|面试|求职|简历|竞赛|电赛|职业|工程师成长/],
  ['smith', /射频|RF|Smith|阻抗匹配|史密斯|微波|PA\b|LNA/i],
  ['antenna', /天线|Wi-?Fi|蓝牙|BLE|无线|LoRa|物联网|NB-IoT|Zigbee|5G/i],
  ['rtos', /RTOS|调度|任务|多线程|操作系统/i],
  ['ldo', /LDO|线性稳压|稳压器/i],
  ['battery', /电池|充电|BMS|锂电/i],
  ['motor', /电机|逆变|FOC|驱动器|PWM/i],
  ['inductor', /Buck|Boost|DC-DC|电感|开关电源|电源|功率|MOS|PFC|氮化镓|GaN|SiC|变压器/i],
  ['emc', /EMC|EMI|ESD|抗干扰|浪涌|静电|可靠性|失效/i],
  ['scope', /示波器|测试|测量|调试|仪器|探头|逻辑分析/],
  ['adc', /ADC|DAC|采样|数据转换|基准/i],
  ['filter', /滤波|噪声|EQ|音频/i],
  ['opamp', /运放|放大|信号链|模拟|传感|比较器/],
  ['pcb', /PCB|布线|layout|叠层|阻抗|走线|过孔|开发板|电子设计/i],
  ['parts', /电阻|电容|元器件|色环|封装|焊接|选型|二极管|晶体管/],
  ['bus', /CAN|I2C|I²C|SPI|UART|串口|总线|通信|以太网|USB|Modbus|网络|协议/i],
  ['fpga', /FPGA|Verilog|VHDL|逻辑设计|数字电路|时序/i],
  ['ai', /AI|模型|图像|语音|视觉|神经网络|算法|机器学习/i],
  ['code', /Linux|Python|软件|代码|C 语言|C语言|Rust|编译|OTA|固件|驱动|Bootloader/i],
  ['chip', /STM32|MCU|单片机|嵌入式|ARM|ESP32|寄存器|HAL|Cortex|RISC-V|GD32|中断|定时器/i],
];

/** Every drawing that fits a title, the best first. */
export function motifsOf(title: string): Motif[] {
  const all = MOTIFS.filter(([, re]) => re.test(title)).map(([m]) => m);
  return all.length ? all : ['chip'];
}

export function motifOf(title: string): Motif {
  return motifsOf(title)[0]!;
}

/** The subject drawing, in a 200×200 box. */
function motif(m: Motif, c: string): string {
  const s = `fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"`;
  const thin = `fill="none" stroke="${c}" stroke-width="2" opacity="0.6"`;
  switch (m) {
    case 'inductor':
      return `<g ${s}><path d="M10 60h40l15-30 20 60 20-60 20 60 15-30h50"/><path d="M30 150c0-20 20-20 20 0s20 20 20 0 20-20 20 0 20 20 20 0 20-20 20 0"/><path d="M10 150h20M150 150h40"/></g>`;
    case 'ldo':
      return `<g ${s}><rect x="60" y="60" width="80" height="70" rx="6"/><path d="M10 90h50M140 90h50M100 130v50M80 180h40"/><path d="M170 90v40M160 130h20M165 140h10"/></g><text x="100" y="104" text-anchor="middle" font-family="sans-serif" font-size="22" font-weight="700" fill="${c}">LDO</text>`;
    case 'motor':
      return `<g ${s}><circle cx="100" cy="100" r="60"/><circle cx="100" cy="100" r="14"/><path d="M100 40v-20M100 160v20M40 100h-20M160 100h20M58 58l-14-14M142 142l14 14"/><path d="M70 100a30 30 0 0 1 30-30"/></g>`;
    case 'battery':
      return `<g ${s}><rect x="30" y="60" width="130" height="80" rx="10"/><path d="M160 85h14v30h-14"/><path d="M95 72l-20 32h26l-18 30"/></g>`;
    case 'chip':
      return `<g ${s}><rect x="50" y="50" width="100" height="100" rx="8"/><path d="M70 30v20M100 30v20M130 30v20M70 150v20M100 150v20M130 150v20M30 70h20M30 100h20M30 130h20M150 70h20M150 100h20M150 130h20"/><circle cx="75" cy="75" r="6"/></g>`;
    case 'rtos':
      return `<g ${s}><rect x="20" y="30" width="70" height="40" rx="6"/><rect x="110" y="30" width="70" height="40" rx="6"/><rect x="65" y="130" width="70" height="40" rx="6"/><path d="M55 70l35 58M145 70l-35 58M90 50h20"/></g><g ${thin}><path d="M20 190h160M40 184v12M80 184v12M120 184v12M160 184v12"/></g>`;
    case 'opamp':
      return `<g ${s}><path d="M60 40v120l100-60z"/><path d="M20 70h40M20 130h40M160 100h30"/><path d="M70 70h12M76 64v12M70 130h12"/><path d="M40 130v40h130v-70"/></g>`;
    case 'adc':
      return `<g ${s}><path d="M20 150c30-100 60-100 80-50s50 50 80-60"/><path d="M20 170h20v-20h20v-40h20v-30h20v10h20v30h20v10h20v-40h20"/></g>`;
    case 'filter':
      return `<g ${s}><path d="M20 50h70c30 0 40 10 50 40s20 80 40 80"/><path d="M20 40v140h170"/></g><g ${thin}><path d="M100 40v140M20 73h170"/></g>`;
    case 'bus':
      return `<g ${s}><path d="M10 70h30l10-20h30l10 20h30l10-20h30l10 20h20"/><path d="M10 130h30l10 20h30l10-20h30l10 20h30l10-20h20"/><circle cx="100" cy="100" r="8"/></g>`;
    case 'scope':
      return `<g ${thin}><path d="M20 30h160v120H20zM60 30v120M100 30v120M140 30v120M20 60h160M20 90h160M20 120h160"/></g><g ${s}><path d="M20 110c20 0 20-50 40-50s20 50 40 50 20-50 40-50 20 25 40 25"/><path d="M60 175h80"/></g>`;
    case 'smith':
      return `<g ${s}><circle cx="100" cy="100" r="80"/><path d="M20 100h160"/></g><g ${thin}><circle cx="140" cy="100" r="40"/><circle cx="120" cy="100" r="60"/><circle cx="160" cy="100" r="20"/><path d="M180 100a80 80 0 0 0-80-80M180 100a80 80 0 0 1-80 80M180 100a40 40 0 0 0-40-40M180 100a40 40 0 0 1-40 40"/></g>`;
    case 'antenna':
      return `<g ${s}><path d="M100 90v90M70 180h60M100 90l-25-50M100 90l25-50"/><path d="M60 60a50 50 0 0 0 0 60M140 60a50 50 0 0 1 0 60M40 40a80 80 0 0 0 0 100M160 40a80 80 0 0 1 0 100"/></g>`;
    case 'pcb':
      return `<g ${s}><path d="M10 40h60l30 30h90M10 100h100l30-30h50M10 160h40l30-30h110"/><circle cx="70" cy="40" r="8"/><circle cx="110" cy="100" r="8"/><circle cx="80" cy="130" r="8"/></g>`;
    case 'parts':
      return `<g ${s}><path d="M10 60h40M150 60h40"/><rect x="50" y="45" width="100" height="30" rx="14"/><path d="M75 45v30M95 45v30M115 45v30"/><path d="M10 150h75M115 150h75M85 120v60M115 120v60"/></g>`;
    case 'fpga':
      return `<g ${s}><rect x="30" y="30" width="140" height="140" rx="6"/></g><g ${thin}><path d="M30 65h140M30 100h140M30 135h140M65 30v140M100 30v140M135 30v140"/></g><g ${s}><rect x="72" y="72" width="20" height="20"/><rect x="108" y="108" width="20" height="20"/><path d="M92 82h30v26"/></g>`;
    case 'ai':
      return `<g ${s}><circle cx="40" cy="60" r="10"/><circle cx="40" cy="140" r="10"/><circle cx="100" cy="40" r="10"/><circle cx="100" cy="100" r="10"/><circle cx="100" cy="160" r="10"/><circle cx="160" cy="100" r="10"/></g><g ${thin}><path d="M50 60l40-20M50 60l40 40M50 60l40 100M50 140l40-100M50 140l40-40M50 140l40 20M110 40l40 60M110 100h40M110 160l40-60"/></g>`;
    case 'code':
      return `<g ${s}><path d="M60 50l-40 50 40 50M140 50l40 50-40 50M115 40l-30 120"/></g>`;
    case 'exam':
      return `<g ${s}><rect x="40" y="20" width="120" height="160" rx="8"/><path d="M60 55h60M60 85h80M60 115h80M60 145h40"/><path d="M125 140l12 12 25-30"/></g>`;
    case 'emc':
      return `<g ${s}><path d="M30 40h140v120H30z" stroke-dasharray="10 8"/><path d="M110 50l-30 50h35l-30 50"/></g><g ${thin}><path d="M10 100h20M170 100h20"/></g>`;
  }
}

/**
 * Backgrounds that tell neighbouring covers apart (chosen by the item's place in its list). Each
 * is a few elements: a browser lays out and paints every cover as a document of its own on the
 * page's main thread, and a grid of 240 dots as 240 circles made a cover cost several times what
 * its title does (issue 30: Lighthouse's blocking time on a phone). The dots are one pattern; the
 * diagonal lines one path.
 */
const BACKDROPS = [
  (w: number, h: number, c: string) =>
    `<defs><pattern id="dots" width="32" height="32" patternUnits="userSpaceOnUse"><circle cx="16" cy="16" r="2" fill="${c}"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#dots)" opacity="0.12"/>`,
  (w: number, h: number, c: string) =>
    `<path stroke="${c}" stroke-width="1.5" opacity="0.12" d="${Array.from({ length: Math.ceil((w + h) / 28) }, (_, i) => `M${i * 28} 0l-${h} ${h}`).join('')}"/>`,
  (w: number, h: number, c: string) =>
    `<g fill="none" stroke="${c}" stroke-width="2" opacity="0.14">${[1, 2, 3, 4, 5].map((r) => `<circle cx="${w}" cy="${h}" r="${r * Math.max(w, h) * 0.18}"/>`).join('')}</g>`,
];

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Display width: Latin characters count about half a CJK character. */
function widthOf(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) < 0x100 ? 0.55 : 1;
  return w;
}

/** Punctuation that never starts a line (it stays with the text before it). */
const NO_START = /^[，。、；：！？）」』》〉,.;:!?)\]]$/;

/**
 * Breaks a title into lines of about `width` full-width characters: between
 * CJK characters or at spaces, never inside a Latin word or number, never
 * starting a line with closing punctuation. Past `max` lines the last one
 * ends with an ellipsis.
 */
export function wrapTitle(text: string, width: number, max = Infinity): string[] {
  const units = text.match(/[\x21-\x7e]+|\s+|[^\s\x21-\x7e]/g) ?? [];
  const out: string[] = [];
  let line = '';
  for (const u of units) {
    const space = /^\s+$/.test(u);
    if (line.trim() && !space && !NO_START.test(u) && widthOf(line + u) > width) {
      out.push(line.trim());
      line = '';
    }
    line += space && !line ? '' : u;
  }
  if (line.trim()) out.push(line.trim());
  if (out.length <= max) return out;
  const kept = out.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.replace(/.$/u, '')}…`;
  return kept;
}

/** `index`: the item's place in its list, so neighbours never share a backdrop. */
export function coverSvg(c: DemoCover, index = 0): string {
  const topic = topicOf(`${c.title} ${c.label}`);
  const m = c.motif ?? motifOf(c.title);
  const [bg, fg] = COLORS[topic];
  const [w, h] = c.tall ? [360, 640] : [640, 360];
  const size = c.tall ? 30 : 32;
  const title = wrapTitle(c.title, c.tall ? 10 : 11, c.tall ? 5 : 4);
  const x = 36;
  const y0 = c.tall ? 150 : 104;
  const art = c.tall
    ? `<g data-motif="${m}" transform="translate(80 400) scale(1)" opacity="0.9">${motif(m, fg)}</g>`
    : `<g data-motif="${m}" transform="translate(420 80)" opacity="0.9">${motif(m, fg)}</g>`;
  const backdrop = BACKDROPS[index % BACKDROPS.length]!(w, h, fg);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(c.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#0b1220"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
${backdrop}
${art}
<rect x="${x}" y="36" rx="6" width="${22 + [...c.label].length * 18}" height="32" fill="${fg}"/>
<text x="${x + 11}" y="58" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="18" font-weight="700" fill="#0b1220">${esc(c.label)}</text>
<text font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${title
    .map((l, i) => `<tspan x="${x}" y="${y0 + i * (size + 12)}">${esc(l)}</tspan>`)
    .join('')}</text>
</svg>
`;
}

export function demoCoverList(): DemoCover[] {
  const list: DemoCover[] = [];
  let g = 0;
  for (const c of ARTICLE_CLASSIFIES)
    for (const a of c.articles)
      list.push({ key: `article-${++g}`, title: a.title, label: c.name, tall: false });
  list.push({
    key: 'article-member',
    title: '记一次 DC-DC 电感啸叫问题的排查',
    label: '会员投稿',
    tall: false,
  });
  BIG_COLUMNS.forEach((b, bi) => {
    list.push({ key: `bigcolumn-${bi + 1}`, title: b.name, label: '公开课', tall: false });
    b.columns.forEach((col, ci) =>
      list.push({ key: `column-${bi + 1}-${ci + 1}`, title: col.name, label: '专栏', tall: false }),
    );
  });
  COURSES.forEach((c, i) =>
    list.push({ key: `course-${i + 1}`, title: c.title, label: '课程', tall: false }),
  );
  LIVES.forEach((l, i) =>
    list.push({ key: `live-${i + 1}`, title: l.title, label: '直播', tall: false }),
  );
  VIDEOS.forEach((v, i) =>
    list.push({ key: `video-${i + 1}`, title: v.title, label: '精选视频', tall: false }),
  );
  SHORT_VIDEOS.forEach((v, i) =>
    list.push({ key: `short-${i + 1}`, title: v.title, label: '短视频', tall: true }),
  );
  // Neighbours in a list get different drawings where the title allows another that fits.
  let prev: Motif | null = null;
  for (const c of list) {
    const fits = motifsOf(c.title);
    c.motif = fits.find((m) => m !== prev) ?? fits[0]!;
    prev = c.motif;
  }
  return list;
}
