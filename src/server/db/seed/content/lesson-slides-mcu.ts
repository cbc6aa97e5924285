/**
 * The microcontroller subjects of the demo lesson slides: UART, PWM and timers, GPIO,
 * clocks and interrupts, ADC, CAN and SPI (see lesson-slides.ts).
 */
import type { Diagram, SlideText, Topic } from './lesson-slides.ts';

const s = (title: string, bullets: string[], diagram: Diagram): SlideText => ({
  title,
  bullets,
  diagram,
});

export const MCU_TOPICS: Topic[] = [
  {
    key: 'uart',
    words: ['USART', 'UART', '串口', 'RS-485', 'printf'],
    slides: [
      s(
        'UART 帧格式',
        [
          '空闲为高电平，起始位拉低一个位时间',
          '数据位低位在前，常用 8N1 格式',
          '停止位为高电平，接收端据此重新同步',
        ],
        { kind: 'uart', values: [0x41] },
      ),
      s(
        '波特率与误差',
        [
          'USARTDIV = fPCLK /（16 × 波特率）',
          '72 MHz 下 115200 bps 误差约 0.03%',
          '收发双方误差之和应小于 2%',
        ],
        { kind: 'uart', values: [0x55], labels: ['RX'] },
      ),
      s(
        '中断与 DMA 接收',
        [
          'RXNE 中断逐字节收，适合低速命令',
          'IDLE 中断 + DMA 接收不定长数据帧',
          '环形缓冲区隔离中断与主循环',
        ],
        { kind: 'blocks', labels: ['RX', 'USART', 'DMA', 'FIFO', 'PARSER'] },
      ),
      s(
        'RS-485 半双工',
        [
          '差分传输，A/B 线压差大于 200 mV',
          'DE/RE 控制收发方向，发完再切回接收',
          '总线两端各接 120 Ω 终端电阻',
        ],
        { kind: 'blocks', labels: ['MCU', 'MAX485', 'BUS', 'NODE'] },
      ),
    ],
  },
  {
    key: 'pwm',
    words: ['PWM', '定时器', '呼吸灯', '电机', 'FOC', 'PID'],
    slides: [
      s(
        'PWM 占空比',
        [
          '占空比 D = CCR / (ARR + 1)',
          'PWM 频率 = fTIM / ((PSC + 1)(ARR + 1))',
          '平均电压与占空比成正比',
        ],
        { kind: 'pwm', values: [25, 50, 75] },
      ),
      s(
        '定时器时基',
        [
          '预分频器 PSC 把 72 MHz 分到计数频率',
          '计数到 ARR 产生更新事件并重装载',
          '影子寄存器让改周期不产生毛刺',
        ],
        { kind: 'blocks', labels: ['72MHZ', 'PSC', 'CNT', 'ARR', 'UEV'] },
      ),
      s(
        '呼吸灯与人眼感知',
        [
          '人眼亮度感知近似对数，需要伽马校正',
          '用查表法按正弦或指数曲线改 CCR',
          '刷新频率高于 100 Hz 才不闪烁',
        ],
        { kind: 'sine', values: [1] },
      ),
      s(
        '三相 FOC 控制',
        [
          'Clarke/Park 变换把三相电流变为 d/q 轴',
          'q 轴电流控制转矩，d 轴通常给 0',
          'SVPWM 输出相电压，母线利用率更高',
        ],
        { kind: 'sine', labels: ['IA', 'IB', 'IC'] },
      ),
      s(
        'PID 控制回路',
        [
          '比例项响应误差，积分项消除静差',
          '微分项抑制超调，需对测量值滤波',
          '先调 P，再加 I，最后视需要加 D',
        ],
        { kind: 'blocks', labels: ['SET', 'PID', 'PWM', 'MOTOR', 'SENSE'] },
      ),
    ],
  },
  {
    key: 'gpio',
    words: ['GPIO', '按键', '点灯', 'OLED', '开箱', 'ST-Link', '下载', '寄存器', 'HAL', '开发板'],
    slides: [
      s(
        'GPIO 输出模式',
        [
          '推挽输出可输出高低电平，驱动能力强',
          '开漏输出只能拉低，需外接上拉电阻',
          '复用功能把引脚交给外设控制',
        ],
        { kind: 'pwm', values: [50] },
      ),
      s(
        '按键消抖',
        [
          '机械触点闭合时抖动 5–20 ms',
          '软件延时 20 ms 后再次确认电平',
          '或用定时器每 5 ms 采样，连续一致才认',
        ],
        { kind: 'bounce' },
      ),
      s(
        '从上电到点亮 LED',
        [
          '使能 GPIO 端口时钟（RCC_APB2ENR）',
          '配置 CRL/CRH 为 2 MHz 推挽输出',
          '写 ODR 或 BSRR 改变引脚电平',
        ],
        { kind: 'blocks', labels: ['RESET', 'INIT', 'MAIN', 'GPIO', 'LED'] },
      ),
      s(
        'SWD 下载与调试',
        [
          'SWD 只需 SWDIO、SWCLK 与 GND',
          'ST-Link 通过 SWD 写入内部 Flash',
          '断点与单步依靠内核的调试单元',
        ],
        { kind: 'blocks', labels: ['PC', 'LINK', 'SWD', 'STM32'] },
      ),
    ],
  },
  {
    key: 'clock',
    words: ['时钟', 'HSE', 'PLL', '中断', 'EXTI', 'NVIC'],
    slides: [
      s(
        '时钟树',
        [
          'HSE 8 MHz 晶振经 PLL 九倍频到 72 MHz',
          'AHB 72 MHz，APB1 最高 36 MHz',
          'Flash 在 72 MHz 下需两个等待周期',
        ],
        { kind: 'blocks', labels: ['HSE 8M', 'PLL X9', 'SYSCLK', 'AHB', 'APB1', 'APB2'] },
      ),
      s(
        'EXTI 外部中断',
        [
          '每根 EXTI 线可映射到任一端口同号引脚',
          '可选上升沿、下降沿或双边沿触发',
          '中断里先清挂起位，处理要短',
        ],
        { kind: 'bounce', labels: ['PA0', 'IRQ'] },
      ),
      s(
        'NVIC 优先级',
        [
          '抢占优先级决定能否打断正在执行的中断',
          '子优先级只决定同时挂起时的先后',
          '分组由 SCB->AIRCR 的 PRIGROUP 设定',
        ],
        { kind: 'gantt', labels: ['IRQ 1', 'IRQ 2', 'MAIN'] },
      ),
    ],
  },
  {
    key: 'adc',
    words: ['ADC', 'DMA', '采样', '信号链', '采集', '温湿度'],
    slides: [
      s(
        '量化与分辨率',
        [
          '12 位 ADC 把参考电压分为 4096 级',
          '1 LSB = VREF / 4096，3.3 V 时约 0.8 mV',
          '量化误差在 ±0.5 LSB 之内',
        ],
        { kind: 'adc' },
      ),
      s(
        '采样定理与抗混叠',
        [
          '采样率至少为信号最高频率的两倍',
          '前级 RC 或有源低通滤除高于奈奎斯特的分量',
          '采样保持电容需要足够的建立时间',
        ],
        { kind: 'rc', labels: ['AIN', 'R', 'C', 'ADC'] },
      ),
      s(
        '多通道扫描与 DMA',
        [
          '规则组按序转换多个通道',
          'DMA 循环模式把结果搬进数组',
          'CPU 只在半满与全满中断里处理数据',
        ],
        { kind: 'blocks', labels: ['CH0-3', 'ADC1', 'DMA1', 'SRAM', 'CPU'] },
      ),
      s(
        '误差预算',
        ['失调与增益误差可两点校准', '参考电压噪声直接进入读数', '过采样加平均可提高有效位数'],
        { kind: 'bars', labels: ['OFS', 'GAIN', 'INL', 'REF', 'NOISE'], values: [3, 5, 2, 6, 4] },
      ),
    ],
  },
  {
    key: 'can',
    words: ['CAN', '车规'],
    slides: [
      s(
        'CAN 差分电平',
        [
          '隐性位 CANH 与 CANL 都约 2.5 V',
          '显性位 CANH 约 3.5 V、CANL 约 1.5 V',
          '线与逻辑：显性位覆盖隐性位',
        ],
        { kind: 'can' },
      ),
      s(
        '仲裁与帧结构',
        [
          '标识符越小优先级越高，逐位无损仲裁',
          '数据帧含仲裁段、控制段、数据段与 CRC',
          'CAN FD 数据段可切换到更高波特率',
        ],
        { kind: 'can' },
      ),
      s(
        '总线拓扑与终端',
        [
          '线形拓扑，两端各接 120 Ω 终端电阻',
          '分支线尽量短，CAN FD 对分支更敏感',
          '共模扼流圈与 TVS 提升 EMC 能力',
        ],
        { kind: 'blocks', labels: ['ECU 1', 'ECU 2', 'ECU 3', '120R'] },
      ),
    ],
  },
  {
    key: 'spi',
    words: ['SPI', 'SX1278', 'Flash'],
    slides: [
      s(
        'SPI 时序',
        [
          'CS 拉低选中从机，SCK 由主机产生',
          'CPOL/CPHA 组合出四种模式',
          'MOSI 与 MISO 全双工同时移位',
        ],
        { kind: 'spi' },
      ),
      s(
        '读写寄存器',
        [
          '首字节最高位区分读写，其余为地址',
          'SX1278 写寄存器时地址最高位置 1',
          '连续读写时地址自动递增',
        ],
        { kind: 'spi' },
      ),
    ],
  },
];
