/**
 * A cover of its own for every demo item (issue 15: covers that match their
 * topics): an SVG card with the item's title, what it is (课程, 直播, 短视频 …)
 * and a drawing of its subject (a switching stage for power, a chip for
 * MCUs, a waveform on a scope for test …), 16:9, or 9:16 for short videos.
 * `scripts/media.ts` writes them to MEDIA_DIR/covers/; the seed points at them.
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
}

export function demoCoverUrl(key: string): string {
  return `/media/gen/covers/${key}.svg`;
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

/** The subject drawing, in a 200×200 box. */
function motif(topic: Topic, c: string): string {
  const s = `fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"`;
  switch (topic) {
    case 'power':
      return `<g ${s}><path d="M10 60h40l15-30 20 60 20-60 20 60 15-30h50"/><path d="M30 150c0-20 20-20 20 0s20 20 20 0 20-20 20 0 20 20 20 0 20-20 20 0"/><path d="M10 150h20M150 150h40"/></g>`;
    case 'mcu':
      return `<g ${s}><rect x="50" y="50" width="100" height="100" rx="8"/><path d="M70 30v20M100 30v20M130 30v20M70 150v20M100 150v20M130 150v20M30 70h20M30 100h20M30 130h20M150 70h20M150 100h20M150 130h20"/><circle cx="75" cy="75" r="6"/></g>`;
    case 'analog':
      return `<g ${s}><path d="M60 40v120l100-60z"/><path d="M20 70h40M20 130h40M160 100h30"/><path d="M70 70h12M76 64v12M70 130h12"/></g>`;
    case 'bus':
      return `<g ${s}><path d="M10 70h30l10-20h30l10 20h30l10-20h30l10 20h20"/><path d="M10 130h30l10 20h30l10-20h30l10 20h30l10-20h20"/><circle cx="100" cy="100" r="8"/></g>`;
    case 'test':
      return `<g ${s}><rect x="20" y="30" width="160" height="120" rx="10"/><path d="M30 110c20 0 20-50 40-50s20 50 40 50 20-50 40-50 20 25 20 25" /><path d="M60 170h80"/></g>`;
    case 'pcb':
      return `<g ${s}><path d="M10 40h60l30 30h90M10 100h100l30-30h50M10 160h40l30-30h110"/><circle cx="70" cy="40" r="8"/><circle cx="110" cy="100" r="8"/><circle cx="80" cy="130" r="8"/></g>`;
    case 'code':
      return `<g ${s}><path d="M60 50l-40 50 40 50M140 50l40 50-40 50M115 40l-30 120"/></g>`;
    case 'career':
      return `<g ${s}><rect x="40" y="30" width="120" height="140" rx="8"/><path d="M65 70h70M65 100h70M65 130h40"/><circle cx="140" cy="150" r="18"/></g>`;
  }
}

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

export function coverSvg(c: DemoCover): string {
  const topic = topicOf(`${c.title} ${c.label}`);
  const [bg, fg] = COLORS[topic];
  const [w, h] = c.tall ? [360, 640] : [640, 360];
  const size = c.tall ? 30 : 32;
  const title = wrapTitle(c.title, c.tall ? 10 : 11, c.tall ? 5 : 4);
  const x = 36;
  const y0 = c.tall ? 150 : 104;
  const art = c.tall
    ? `<g transform="translate(80 400) scale(1)" opacity="0.9">${motif(topic, fg)}</g>`
    : `<g transform="translate(420 80)" opacity="0.9">${motif(topic, fg)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(c.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#0b1220"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
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
  return list;
}
