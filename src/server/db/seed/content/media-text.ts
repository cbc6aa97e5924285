/**
 * Demo chapters and Chinese subtitles (issue 23): two STM32 lessons (the first is the free
 * preview, so a visitor sees every player feature) and the two ended broadcasts' replays.
 * Written per topic; times fall inside each video's real length (lessons run at least 8
 * minutes, broadcasts 2 hours), which the seed checks with the console's own parser.
 */
import { parseChapters, parseVtt } from '../../../../shared/media-text.ts';

export interface DemoMediaText {
  chapters: string;
  vtt: string;
}

/** A WebVTT file from [seconds, text] lines, each cue lasting until the next one starts. */
function vtt(lines: readonly (readonly [number, string])[], lastFor = 6): string {
  const t = (s: number) => {
    const m = Math.floor(s / 60);
    const h = Math.floor(m / 60);
    const mm = String(m % 60).padStart(2, '0');
    const ss = (s % 60).toFixed(3).padStart(6, '0');
    return h > 0 ? `${String(h).padStart(2, '0')}:${mm}:${ss}` : `${mm}:${ss}`;
  };
  const cues = lines.map(([start, text], i) => {
    const end = lines[i + 1]?.[0] ?? start + lastFor;
    return `${i + 1}\n${t(start)} --> ${t(end)}\n${text}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** By course title and lesson (counted from 0). */
export const LESSON_TEXT: { course: string; lesson: number; text: DemoMediaText }[] = [
  {
    course: 'STM32F103 从零到项目：寄存器与 HAL 库双线教学',
    lesson: 0,
    text: {
      chapters: [
        '00:00 本讲内容',
        '00:40 安装 Keil MDK 与芯片支持包',
        '02:10 STM32CubeIDE 新建工程',
        '03:50 ST-Link 接线与下载',
        '05:20 寄存器方式点亮 PC13',
        '06:40 HAL 库方式点亮 PC13',
      ].join('\n'),
      vtt: vtt([
        [0, '大家好，这一讲我们把开发环境搭起来，并点亮第一颗 LED。'],
        [6, '用到的板子是 STM32F103C8T6 最小系统板，板载 LED 接在 PC13。'],
        [13, 'PC13 输出低电平时 LED 点亮，这一点后面写代码时要记住。'],
        [20, '软件方面准备两套：Keil MDK 和 STM32CubeIDE，两条线对照着学。'],
        [40, '先装 Keil MDK，安装完成后再装 STM32F1 系列的芯片支持包。'],
        [55, '支持包可以在线安装，也可以下载 pack 文件离线安装。'],
        [130, '接下来在 STM32CubeIDE 里新建工程，芯片型号选 STM32F103C8。'],
        [150, '时钟先保持默认，下一讲会专门讲时钟树的配置。'],
        [230, 'ST-Link 的 SWDIO、SWCLK、GND 和 3.3V 四根线接到板子的调试口。'],
        [250, '下载前确认 BOOT0 接地，否则程序不会从 Flash 启动。'],
        [320, '寄存器方式：先打开 GPIOC 的时钟，也就是 RCC_APB2ENR 的 IOPCEN 位。'],
        [340, '再把 GPIOC_CRH 里 PC13 对应的四位配置成推挽输出。'],
        [360, '最后写 GPIOC_ODR 的第 13 位为 0，LED 就亮了。'],
        [400, 'HAL 库方式：CubeMX 生成初始化代码，我们只调用 HAL_GPIO_WritePin。'],
        [420, '对比一下，两种写法最终操作的是同一组寄存器。'],
        [445, '这一讲就到这里，下一讲我们来看时钟树。'],
      ]),
    },
  },
  {
    course: 'STM32F103 从零到项目：寄存器与 HAL 库双线教学',
    lesson: 1,
    text: {
      chapters: [
        '00:00 为什么要懂时钟树',
        '01:05 HSI、HSE 与 LSE',
        '02:30 PLL 倍频到 72 MHz',
        '04:00 AHB、APB1 与 APB2 分频',
        '05:40 Flash 等待周期',
        '06:50 用代码完成时钟配置',
      ].join('\n'),
      vtt: vtt([
        [0, '这一讲讲时钟树，它决定了每个外设跑在什么频率上。'],
        [8, '串口波特率不对、定时器时间不准，很多时候都是时钟没配对。'],
        [65, 'STM32F103 有三个主要时钟源：内部 8 MHz 的 HSI、外部晶振 HSE 和 32.768 kHz 的 LSE。'],
        [80, '最小系统板上的外部晶振是 8 MHz，精度比 HSI 高得多。'],
        [150, 'HSE 进入 PLL，倍频系数选 9，得到 72 MHz 的系统时钟。'],
        [165, '注意 PLL 输出不能超过 72 MHz，这是 F103 的上限。'],
        [240, 'AHB 不分频，仍是 72 MHz；APB2 也是 72 MHz。'],
        [255, 'APB1 最高只能 36 MHz，所以要二分频。'],
        [270, '挂在 APB1 上的定时器，时钟会自动乘 2，回到 72 MHz。'],
        [340, '系统时钟到了 72 MHz，Flash 要设置两个等待周期，否则取指会出错。'],
        [410, '代码里按顺序做：打开 HSE、等它就绪、配置 PLL、切换系统时钟。'],
        [430, '每一步都要等待对应的就绪标志位，不能直接往下走。'],
        [460, '最后用 SystemCoreClock 变量确认，打印出来应该是 72000000。'],
      ]),
    },
  },
];

/** By broadcast title: the replay's chapters and subtitles. */
export const REPLAY_TEXT: { live: string; text: DemoMediaText }[] = [
  {
    live: '高效率 DC-DC 设计研讨会：从拓扑选择到 EMI 优化',
    text: {
      chapters: [
        '00:00 开场与议程',
        '05:00 同步 Buck 与非同步 Buck 的效率对比',
        '25:00 电感与电容的选型',
        '50:00 PCB 布局：热回路与地平面',
        '1:15:00 EMI 测试与优化实例',
        '1:45:00 观众问答',
      ].join('\n'),
      vtt: vtt([
        [0, '各位工程师晚上好，欢迎来到高效率 DC-DC 设计研讨会。'],
        [10, '今天分五个部分：拓扑选择、器件选型、布局、EMI 和问答。'],
        [300, '先看同步 Buck 和非同步 Buck，区别在于下管是 MOSFET 还是二极管。'],
        [320, '输出电流越大，二极管的导通损耗越明显，同步整流的优势越大。'],
        [1500, '电感的饱和电流要留足余量，一般取峰值电流的 1.3 倍以上。'],
        [1520, '输出电容看 ESR，陶瓷电容要注意直流偏压下的容量衰减。'],
        [3000, '布局的第一原则：输入电容、上管、下管组成的热回路面积要尽量小。'],
        [3020, '地平面保持完整，不要让开关节点的铜皮覆盖过大。'],
        [4500, '这是一块样板的传导 EMI 测试结果，150 kHz 附近超标。'],
        [4520, '加大输入滤波电感、调整开关频率后，余量达到了 6 dB。'],
        [6300, '下面进入问答环节，大家可以在评论区继续提问。'],
      ]),
    },
  },
  {
    live: '精密信号链设计：24 位 ADC 与低噪声运放实战',
    text: {
      chapters: [
        '00:00 开场',
        '08:00 24 位 ADC 的有效位数',
        '30:00 低噪声运放的噪声模型',
        '55:00 基准电压与驱动电路',
        '1:20:00 实测与问答',
      ].join('\n'),
      vtt: vtt([
        [0, '大家好，今天聊精密信号链，从 24 位 ADC 讲到前端运放。'],
        [480, '24 位 ADC 的有效位数往往只有 20 位左右，差在噪声上。'],
        [500, '看数据手册要找噪声表，不同采样率和增益下差别很大。'],
        [1800, '运放的噪声由电压噪声、电流噪声和电阻热噪声三部分组成。'],
        [1820, '源阻抗低时电压噪声主导，源阻抗高时要挑电流噪声小的型号。'],
        [3300, '基准电压的噪声会直接进入转换结果，要单独加滤波。'],
        [4800, '最后是实测环节，短路输入时的噪声峰峰值约为 0.6 微伏。'],
      ]),
    },
  },
];

/** The stored columns of a demo text, checked as the console's upload is (a bad line stops the seed). */
export function demoTextColumns(
  text: DemoMediaText | undefined,
  lengthSeconds: number,
): { chapters: string; subtitles: string | null } {
  if (!text) return { chapters: '[]', subtitles: null };
  const chapters = parseChapters(text.chapters, lengthSeconds);
  const cues = parseVtt(text.vtt);
  if (!chapters.ok) throw new Error(`seed: demo chapters: ${chapters.message}`);
  if (!cues.ok) throw new Error(`seed: demo subtitles: ${cues.message}`);
  if (cues.value.some((c) => c.end > lengthSeconds))
    throw new Error('seed: demo subtitles run past the video');
  return { chapters: JSON.stringify(chapters.value), subtitles: JSON.stringify(cues.value) };
}
