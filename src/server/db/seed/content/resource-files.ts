/**
 * The demo downloads' own files (issue 15: downloads that download): what
 * each resource of RESOURCES contains, written for its topic, and the bytes
 * of its file in its listed format (PDF, ZIP, XLSX, DOCX). The seed writes
 * them to the resource store and records their real sizes.
 */
import { docx, xlsx, type Cell } from '../files/ooxml.ts';
import { pdf, type PdfBlock } from '../files/pdf.ts';
import { zip } from '../files/zip.ts';
import type { ResourceData } from './site.ts';
import { STM32F103_MANUAL, type Doc } from './resource-docs-stm32.ts';
import { NUEDC_FILES } from './resource-files-nuedc.ts';

const h = (text: string) => ({ kind: 'heading' as const, text });
const t = (text: string) => ({ kind: 'text' as const, text });

function blocks(title: string, summary: string, doc: Doc) {
  return [
    { kind: 'title' as const, text: title },
    t(summary),
    t('芯学堂资料下载，仅供学习交流使用'),
    ...doc.flatMap((s) => [h(s.heading), ...s.paragraphs.map(t)]),
  ];
}

/** A PDF's blocks: a title page with the contents, then each chapter from a new page. */
function paged(title: string, summary: string, doc: Doc): PdfBlock[] {
  return [
    { kind: 'title', text: title },
    t(summary),
    t('芯学堂资料下载，仅供学习交流使用'),
    h('目录'),
    ...doc.map((s) => t(s.heading)),
    ...doc.flatMap((s) => [
      { kind: 'page' as const, text: '' },
      h(s.heading),
      ...s.paragraphs.map(t),
    ]),
  ];
}

const DOCS: Record<string, Doc> = {
  'stm32f103-reference-manual-cn': STM32F103_MANUAL,
  'opamp-selection-guide': [
    {
      heading: '1 先定应用，再看参数',
      paragraphs: [
        '精密直流测量关注失调电压、温漂与 1/f 噪声；音频与传感前端关注电压噪声密度；高速数据采集关注增益带宽积、压摆率与建立时间；电池设备关注静态电流。',
      ],
    },
    {
      heading: '2 关键参数速查',
      paragraphs: [
        '失调电压 Vos：斩波稳零运放可达 μV 级；输入偏置电流 Ib：CMOS/JFET 输入为 pA 级，适合高阻源。',
        '增益带宽积 GBW 决定闭环带宽：闭环增益 10 倍、所需带宽 100 kHz，则 GBW 至少 1 MHz，并留 5–10 倍裕量。',
        '压摆率 SR 限制大信号带宽：f = SR /(2π·Vpeak)。',
      ],
    },
    {
      heading: '3 选型流程',
      paragraphs: [
        '列出电源轨与输入输出摆幅要求（是否需要轨到轨），确定噪声与精度预算，再按带宽筛选，最后比较封装、温度等级与价格。',
        '用厂商 SPICE 模型做一次交流与瞬态仿真，检查稳定性与容性负载驱动能力。',
      ],
    },
    {
      heading: '4 噪声预算',
      paragraphs: [
        '运放输出噪声由三部分按方均根相加：电压噪声 en 乘以噪声增益；电流噪声 in 流过源阻抗与反馈网络产生的电压；以及各电阻的热噪声 √(4kTR)（1 kΩ 在室温约 4 nV/√Hz）。',
        '例：en = 10 nV/√Hz，噪声增益 10，带宽 10 kHz（砖墙带宽取 1.57 倍的 −3 dB 带宽），输出噪声约 10 nV × 10 × √15700 ≈ 12.5 μV rms。源阻抗为 100 kΩ 时，1 pA/√Hz 的电流噪声在源阻抗上产生 100 nV/√Hz，远大于 en，此时应选 JFET 或 CMOS 输入运放。',
        '低频测量还要看 0.1–10 Hz 峰峰值噪声：1/f 噪声在这一频段占主导，斩波或自稳零运放几乎没有 1/f 拐点。',
      ],
    },
    {
      heading: '5 稳定性与容性负载',
      paragraphs: [
        '单位增益稳定的运放在跟随器配置下相位裕度最低，驱动电缆或 ADC 输入电容时最易振荡。数据手册中的“相位裕度—负载电容”曲线给出了可直接驱动的电容范围。',
        '常用对策：输出串联 20–100 Ω 隔离电阻 Riso；或采用双反馈，直流反馈取自负载端，交流反馈经小电容取自运放输出端；驱动 SAR ADC 时在输入端放置 RC 滤波器，电容取 ADC 采样电容的 20 倍以上。',
        '反相输入端的寄生电容与大阻值反馈电阻形成极点，在 Rf 上并联 Cf 可补偿，按 Rf·Cf ≈ Rg·Cin 选取。',
      ],
    },
  ],
  'esp32-hardware-design-guide': [
    {
      heading: '1 电源',
      paragraphs: [
        '3.3 V 供电，射频发射瞬间电流可达 500 mA，LDO 至少选 600 mA 并在模组附近放置 10 μF + 0.1 μF 去耦。',
        'EN 引脚需 RC 延时（10 kΩ/1 μF），保证电源稳定后再释放复位。',
      ],
    },
    {
      heading: '2 晶振与启动引脚',
      paragraphs: [
        '40 MHz 晶振走线尽量短，下方铺完整地，远离天线与高速信号。',
        'GPIO0、GPIO2、GPIO12（MTDI）、GPIO15 为启动模式引脚，外接电路不得在上电时改变其电平。',
      ],
    },
    {
      heading: '3 射频与天线',
      paragraphs: [
        'PCB 天线下方及周围 15 mm 内禁止铺铜与走线，天线伸出板边效果最佳；预留 π 型匹配网络（0 Ω/NC/NC）便于调试。',
      ],
    },
    {
      heading: '4 检查表',
      paragraphs: [
        '□ 电源去耦齐全  □ EN 延时  □ 启动引脚默认电平  □ 天线净空  □ 串口下载电路（DTR/RTS 自动下载）',
      ],
    },
  ],
  'lm317-application-circuits': [
    {
      heading: '1 基本稳压',
      paragraphs: [
        '输出电压 Vout = 1.25 V × (1 + R2/R1) + Iadj × R2。R1 取 240 Ω 保证最小负载电流约 5 mA；R2 用电位器即可连续调压。',
      ],
    },
    {
      heading: '2 恒流源',
      paragraphs: [
        '在 OUT 与 ADJ 之间串接电阻 R，输出电流 I = 1.25 V / R，可用于 LED 与电池充电；注意压差至少 3 V。',
      ],
    },
    {
      heading: '3 软启动与保护',
      paragraphs: [
        'ADJ 对地接 PNP 管与 RC，上电时输出电压从 1.25 V 缓慢上升；输入端与输出端之间反接二极管，防止输入短路时输出电容反灌。',
      ],
    },
    {
      heading: '4 散热估算',
      paragraphs: [
        '功耗 P = (Vin − Vout) × Iout。TO-220 封装结到环境热阻约 50 °C/W，功耗超过 1.5 W 应加散热器。',
      ],
    },
  ],
  'rf-matching-lab-manual': [
    {
      heading: '实验一 认识 Smith 圆图',
      paragraphs: [
        '将负载 Z = 25 + j25 Ω 以 50 Ω 归一化为 0.5 + j0.5，在圆图上定位；沿等电阻圆移动表示串联电抗，沿等电导圆移动表示并联电纳。',
      ],
    },
    {
      heading: '实验二 L 型匹配网络',
      paragraphs: [
        '目标：2.4 GHz 下把 25 + j25 Ω 匹配到 50 Ω。先并联电容把点移到 1 + jx 圆上，再串联电感抵消电抗。计算元件值并用 0402 元件焊接验证。',
      ],
    },
    {
      heading: '实验三 矢量网络分析仪测量',
      paragraphs: [
        '校准：在测试端面做 SOLT（短路、开路、负载、直通）校准；测量 S11，回波损耗优于 10 dB 即视为匹配合格。',
        '记录匹配前后 S11 曲线，比较 2.4–2.5 GHz 频段内的最差值。',
      ],
    },
  ],
  'hardware-interview-questions-2026': [
    {
      heading: '一、电源类',
      paragraphs: [
        '1. Buck 电路电感值如何选取？纹波电流一般取额定电流的 20%–40%。',
        '2. LDO 与 DC-DC 如何取舍？从效率、噪声、压差和成本四个方面回答。',
        '3. 为什么 MOSFET 驱动需要关注米勒平台？',
      ],
    },
    {
      heading: '二、模拟类',
      paragraphs: [
        '4. 运放虚短、虚断成立的前提是什么？',
        '5. 如何估算 RC 低通滤波器的截止频率？fc = 1/(2πRC)。',
        '6. ADC 前端为什么需要抗混叠滤波？',
      ],
    },
    {
      heading: '三、数字与接口',
      paragraphs: [
        '7. I2C 为什么需要上拉电阻，阻值如何确定？',
        '8. CAN 总线终端电阻为何是 120 Ω？',
        '9. 建立时间与保持时间违例分别如何解决？',
      ],
    },
    {
      heading: '四、项目经验',
      paragraphs: ['10. 讲述一次你定位 EMC 问题的过程：现象、假设、验证、结论。'],
    },
  ],
};

const README_TPS5430 = `TPS5430 降压电源参考设计（24 V 转 5 V / 3 A）

目录
  schematic/  原理图说明（网表与关键元件）
  bom/        物料清单
  test/       测试报告

设计参数
  输入 10–30 V，输出 5.0 V，最大 3 A，开关频率 500 kHz（芯片固定）
  输出电感 15 μH（饱和电流 ≥ 4.5 A），输出电容 2 × 47 μF 陶瓷 + 220 μF 钽电容
  反馈分压 R1 = 10 kΩ，R2 = 3.24 kΩ：Vout = 1.221 V × (1 + 10/3.24) ≈ 4.99 V
`;
const BOM_TPS5430 = `位号,型号,规格,数量
U1,TPS5430DDA,3 A 降压转换器 SO-8 PowerPAD,1
L1,SWPA8040S150MT,15 μH 4.6 A,1
C1;C2,GRM32ER71H106K,10 μF 50 V X7R 1210,2
C5;C6,GRM32ER61A476M,47 μF 10 V X5R 1210,2
D1,B340A,40 V 3 A 肖特基,1
R1,0603,10 kΩ 1%,1
R2,0603,3.24 kΩ 1%,1
`;
const TEST_TPS5430 = `测试报告（室温 25 °C，输入 24 V）
负载 0.5 A：效率 88.1%，纹波 18 mVpp
负载 1.5 A：效率 90.4%，纹波 22 mVpp
负载 3.0 A：效率 87.6%，纹波 31 mVpp，芯片表面温升 38 °C
负载阶跃 0.5 A → 2.5 A：过冲 92 mV，恢复时间 60 μs
`;

const FREERTOS_README = `FreeRTOS 内核源码阅读笔记（tasks.c、queue.c、port.c）

本压缩包是芯学堂《FreeRTOS 内核原理与实战》的配套阅读笔记：按文件整理的关键函数流程说明与
中文注释示例代码，帮助对照官方源码（MIT 许可，请从 freertos.org 获取原文）逐段阅读。
`;
const FREERTOS_TASKS = `/* tasks.c 阅读笔记：就绪表与任务切换 */

/* 就绪表：每个优先级一个链表，uxTopReadyPriority 记录最高就绪优先级。
 * 使用 CLZ 指令的移植层可在 O(1) 时间找到最高优先级。 */
#define taskSELECT_HIGHEST_PRIORITY_TASK()                          \\
    do {                                                            \\
        UBaseType_t uxTopPriority;                                  \\
        portGET_HIGHEST_PRIORITY(uxTopPriority, uxTopReadyPriority);\\
        /* 同优先级任务轮转：每次取链表中的下一个 TCB */            \\
        listGET_OWNER_OF_NEXT_ENTRY(pxCurrentTCB,                   \\
            &(pxReadyTasksLists[uxTopPriority]));                   \\
    } while (0)

/* vTaskDelay()：把当前任务从就绪表移到延时链表，唤醒时刻 = xTickCount + 延时节拍。
 * 若唤醒时刻溢出，则放入 pxOverflowDelayedTaskList，节拍计数回绕时两表交换。 */
`;
const FREERTOS_QUEUE = `/* queue.c 阅读笔记：发送与阻塞 */

/* xQueueGenericSend() 的主循环：
 * 1. 进入临界区，队列未满则拷贝数据、唤醒等待接收的任务，返回 pdPASS；
 * 2. 队列已满且等待时间为 0，直接返回 errQUEUE_FULL；
 * 3. 否则记录超时起点，挂起调度器，把任务挂到 xTasksWaitingToSend 上阻塞；
 * 4. 被唤醒或超时后回到第 1 步重试。
 * 互斥量也是队列：长度为 1、数据大小为 0，并增加了优先级继承。 */
`;
const FREERTOS_PORT = `/* port.c（ARM Cortex-M3）阅读笔记：PendSV 上下文切换 */

/* PendSV 优先级设为最低，保证在所有中断处理完成后才切换任务。
 * 硬件自动压栈 xPSR、PC、LR、R12、R0–R3，软件再保存 R4–R11 到任务栈，
 * 然后把 PSP 写入当前 TCB 的 pxTopOfStack，调用 vTaskSwitchContext() 选出下一个任务，
 * 最后从新任务栈恢复 R4–R11 并以 EXC_RETURN 返回线程模式。 */
`;

const LOOP_SHEET: Cell[][] = [
  ['开关电源环路补偿计算表（Type II，电流模式 Buck）', '', ''],
  ['参数', '数值', '说明'],
  ['输出电压 Vout (V)', 5, ''],
  ['输出电容 Cout (μF)', 94, '两颗 47 μF 陶瓷电容'],
  ['负载电阻 Rload (Ω)', 2.5, '5 V / 2 A'],
  ['开关频率 fsw (kHz)', 500, ''],
  ['目标穿越频率 fc (kHz)', '=B6/10', '取开关频率的 1/10'],
  ['输出极点 fp (Hz)', '=1/(2*PI()*B5*B4*1E-6)', 'fp = 1/(2π·Rload·Cout)'],
  ['补偿零点 fz (Hz)', '=B8', '零点放在输出极点处'],
  ['补偿电阻 Rc (kΩ)', 10, '先选定'],
  ['补偿电容 Cc (nF)', '=1/(2*PI()*B10*1E3*B9)*1E9', 'Cc = 1/(2π·Rc·fz)'],
  ['高频极点电容 Chf (pF)', '=1/(2*PI()*B10*1E3*B6*1E3/2)*1E12', '极点放在 fsw/2'],
];
const CAN_SHEET: Cell[][] = [
  ['CAN 总线位时序计算工具', '', ''],
  ['参数', '数值', '说明'],
  ['CAN 时钟 fcan (MHz)', 36, 'STM32F103 APB1'],
  ['目标波特率 (kbit/s)', 500, ''],
  ['预分频 BRP', 4, ''],
  ['每位时间量子数 Ntq', '=B3*1000/(B4*B5)', '应为整数（8–25）'],
  ['同步段 SYNC_SEG (tq)', 1, '固定为 1'],
  ['BS1 (tq)', 14, 'PROP_SEG + PHASE_SEG1'],
  ['BS2 (tq)', '=B6-B7-B8', ''],
  ['采样点 (%)', '=(B7+B8)/B6*100', 'CANopen 推荐 87.5%'],
  ['SJW (tq)', 1, '≤ BS2'],
];

const PCB_CHECKLIST: Doc = [
  {
    heading: '一、原理图',
    paragraphs: [
      '□ 每个电源引脚都有就近去耦电容，容值与芯片手册推荐一致',
      '□ 复位、启动模式引脚的上下拉完整',
      '□ 接口有 ESD 与过流保护',
      '□ 网络标号无悬空、无重名',
    ],
  },
  {
    heading: '二、布局',
    paragraphs: [
      '□ 开关电源功率回路面积最小，输入电容紧贴开关管',
      '□ 晶振靠近 MCU，下方不走线',
      '□ 模拟与数字区域分区，单点连接或统一地平面',
      '□ 发热器件留出散热铜皮与过孔',
    ],
  },
  {
    heading: '三、布线',
    paragraphs: [
      '□ 差分线等长、等距，参考平面完整',
      '□ 电流路径线宽满足 IPC-2221 温升要求',
      '□ 高速信号换层时就近放置回流地过孔',
      '□ 丝印不压焊盘，极性标识清楚',
    ],
  },
];

export interface ResourceFile {
  /** File name in the store: <slug>.<ext> */
  name: string;
  bytes: Buffer;
}

/** The file of a resource, in its listed format. */
export function resourceFile(r: ResourceData): ResourceFile {
  const ext = r.fileType.toLowerCase();
  const name = `${r.slug}.${ext}`;
  const title = r.title.replace(/[《》]/g, '');
  switch (r.slug) {
    case 'loop-compensation-calculator':
      return { name, bytes: xlsx('Type II 补偿', LOOP_SHEET) };
    case 'can-bit-timing-tool':
      return { name, bytes: xlsx('位时序', CAN_SHEET) };
    case 'pcb-review-checklist':
      return { name, bytes: docx(blocks(title, r.summary, PCB_CHECKLIST)) };
    case 'tps5430-reference-design':
      return {
        name,
        bytes: zip([
          { name: 'README.txt', data: README_TPS5430 },
          { name: 'bom/BOM.csv', data: BOM_TPS5430 },
          { name: 'test/测试报告.txt', data: TEST_TPS5430 },
        ]),
      };
    case 'freertos-kernel-annotated':
      return {
        name,
        bytes: zip([
          { name: 'README.txt', data: FREERTOS_README },
          { name: 'notes/tasks.c.txt', data: FREERTOS_TASKS },
          { name: 'notes/queue.c.txt', data: FREERTOS_QUEUE },
          { name: 'notes/port.c.txt', data: FREERTOS_PORT },
        ]),
      };
    case 'nuedc-problems-collection':
      return {
        name,
        bytes: zip(NUEDC_FILES),
      };
  }
  const doc = DOCS[r.slug];
  if (!doc || r.fileType !== 'PDF') throw new Error(`seed: no file content for resource ${r.slug}`);
  return { name, bytes: pdf(paged(title, r.summary, doc), { title, author: '芯学堂' }) };
}
