/**
 * The analog, power, RF, test and career subjects of the demo lesson slides
 * (see lesson-slides.ts for the types and how a lesson picks its subjects).
 */
import type { Diagram, SlideText, Topic } from './lesson-slides.ts';

const s = (title: string, bullets: string[], diagram: Diagram): SlideText => ({
  title,
  bullets,
  diagram,
});

export const ANALOG_TOPICS: Topic[] = [
  {
    key: 'buck',
    words: ['Buck', '伏秒', '电感', 'DC-DC', '逆变', '电源类'],
    slides: [
      s(
        'Buck 拓扑',
        [
          '上管导通时电感储能，关断时经续流管放电',
          '稳态下 VOUT = D × VIN',
          '同步整流用 MOSFET 代替二极管以降低损耗',
        ],
        { kind: 'buck' },
      ),
      s(
        '伏秒平衡',
        [
          '稳态时电感一个周期内的伏秒积为零',
          '(VIN − VOUT) × D = VOUT × (1 − D)',
          '由此推出占空比与输入输出电压的关系',
        ],
        { kind: 'pwm', values: [42] },
      ),
      s(
        '电感选型',
        [
          '纹波电流 ΔI = VOUT(1 − D) / (L × fSW)',
          '一般取 ΔI 为满载电流的 20%–40%',
          '饱和电流要大于峰值电流并留余量',
        ],
        { kind: 'bars', labels: ['1UH', '2.2UH', '4.7UH', '10UH'], values: [9, 4.5, 2.1, 1] },
      ),
      s(
        '输出电容与纹波',
        [
          '纹波 ≈ ΔI × ESR + ΔI / (8 × fSW × C)',
          '陶瓷电容 ESR 小，注意直流偏压下容量下降',
          '电解电容的 ESR 会引入一个零点',
        ],
        { kind: 'rc', labels: ['SW', 'L', 'COUT', 'VOUT'] },
      ),
    ],
  },
  {
    key: 'loop',
    words: ['补偿', '环路', '传递函数', '小信号', '波特图', 'ESR 零点', '稳定性'],
    slides: [
      s(
        '环路增益与相位裕度',
        [
          '穿越频率一般取开关频率的 1/10–1/5',
          '相位裕度 45°–60° 兼顾速度与稳定',
          '增益裕度至少 6–10 dB',
        ],
        { kind: 'bode' },
      ),
      s(
        'Type II 与 Type III 补偿',
        [
          'Type II 提供一个零点和两个极点',
          'Type III 多一对零极点，可补偿 LC 双极点',
          '电压模式 Buck 常用 Type III',
        ],
        { kind: 'opamp', labels: ['VFB', 'R1', 'ZF'] },
      ),
      s(
        '注入法测环路',
        [
          '在反馈回路串入 10–50 Ω 注入电阻',
          '网络分析仪扫频，测注入点两侧之比',
          '注入幅度要小，避免电路进入大信号状态',
        ],
        { kind: 'bode', values: [0.35] },
      ),
    ],
  },
  {
    key: 'ldo',
    words: ['线性稳压', 'LDO', 'LM317', '散热', '压差', 'PSRR'],
    slides: [
      s(
        '线性稳压器结构',
        [
          '误差放大器比较反馈电压与基准',
          '调整管工作在线性区，吸收多余压降',
          '输出电压由反馈电阻分压设定',
        ],
        { kind: 'divider', labels: ['VOUT', 'R1', 'R2', 'VFB'] },
      ),
      s(
        'LM317 输出电压',
        [
          'VOUT = 1.25 V × (1 + R2 / R1)',
          'R1 常取 240 Ω，保证最小负载电流',
          'ADJ 端电流约 50 µA，精密设计需计入',
        ],
        { kind: 'divider', labels: ['VOUT', 'R1', 'R2', 'ADJ'] },
      ),
      s(
        'PSRR 与噪声',
        ['PSRR 随频率升高而下降', '输出电容与 ESR 影响高频 PSRR', '旁路 NR 引脚可降低基准噪声'],
        { kind: 'bode', labels: ['PSRR DB', 'NOISE'] },
      ),
      s(
        '散热计算',
        ['功耗 P = (VIN − VOUT) × IOUT', '结温 TJ = TA + P × θJA', 'TJ 不得超过 125 °C，留出余量'],
        { kind: 'bars', labels: ['SOT23', 'SOT223', 'DPAK', 'TO220'], values: [200, 60, 45, 30] },
      ),
    ],
  },
  {
    key: 'opamp',
    words: ['运放', '运算放大器', '虚短', '失调', '噪声', '仪表放大', '差分放大', '模拟电路'],
    slides: [
      s(
        '反相放大器',
        [
          '虚短：负反馈使两输入端电位相等',
          '虚断：输入端几乎不取电流',
          '增益 = −RF / RIN，输入阻抗等于 RIN',
        ],
        { kind: 'opamp' },
      ),
      s(
        '失调与偏置',
        [
          '输出误差 = VOS × 噪声增益',
          '偏置电流流过反馈电阻产生额外误差',
          '平衡两输入端的等效电阻可抵消一部分',
        ],
        { kind: 'bars', labels: ['VOS', 'IB', 'GAIN', 'DRIFT'], values: [5, 3, 2, 4] },
      ),
      s(
        '运放噪声',
        [
          '电压噪声、电流噪声与电阻热噪声按平方和相加',
          '1/f 噪声拐角以下噪声密度上升',
          '电阻 4kTR：1 kΩ 约 4 nV/√Hz',
        ],
        { kind: 'bode', labels: ['EN NV', '1/F'] },
      ),
      s(
        '仪表放大器',
        ['三运放结构，差分增益由 RG 设定', '高共模抑制比适合电桥与热电偶', '参考端要用低阻源驱动'],
        { kind: 'opamp', labels: ['VIN', 'RG', 'RF'] },
      ),
    ],
  },
  {
    key: 'filter',
    words: ['滤波', '信号类'],
    slides: [
      s(
        'RC 低通滤波',
        ['截止频率 fc = 1 / (2πRC)', '一阶滚降 −20 dB/十倍频', '负载阻抗应远大于 R'],
        { kind: 'rc' },
      ),
      s(
        '有源滤波器',
        [
          'Sallen-Key 二阶低通，增益为 1 时最稳',
          'Q 值决定通带平坦度与过冲',
          '运放带宽至少为 fc × 增益 × 100',
        ],
        { kind: 'bode', values: [0.5] },
      ),
      s(
        '测量与显示',
        [
          '峰峰值、有效值与频率由采样数据计算',
          'FFT 前加窗可减少频谱泄漏',
          '显示刷新与采样处理分开调度',
        ],
        { kind: 'sine', values: [3] },
      ),
    ],
  },
  {
    key: 'rf',
    words: [
      '射频',
      '传输线',
      '阻抗',
      '反射',
      '驻波',
      'Smith',
      '匹配',
      '天线',
      '网络分析仪',
      '2.4 GHz',
    ],
    slides: [
      s(
        '传输线与特性阻抗',
        [
          '导线长度超过波长 1/10 时按传输线处理',
          '微带线阻抗由线宽、介质厚度与 εr 决定',
          '射频走线通常设计为 50 Ω',
        ],
        { kind: 'sine', values: [2, 1] },
      ),
      s(
        '反射系数与驻波比',
        [
          'Γ = (ZL − Z0) / (ZL + Z0)',
          '回波损耗 RL = −20 lg|Γ|',
          'VSWR = (1 + |Γ|) / (1 − |Γ|)，2:1 约 −9.5 dB',
        ],
        { kind: 'sine', values: [2, 1] },
      ),
      s(
        'Smith 圆图与 L 型匹配',
        ['串联电感沿等电阻圆顺时针移动', '并联电容沿等电导圆顺时针移动', '两步把负载移到圆心 50 Ω'],
        { kind: 'smith' },
      ),
      s(
        'VNA 校准',
        [
          'SOLT 校准：短路、开路、负载、直通',
          '校准面要放在被测件的端口处',
          '端口延伸补偿测试夹具的电长度',
        ],
        { kind: 'blocks', labels: ['VNA', 'CABLE', 'JIG', 'DUT'] },
      ),
    ],
  },
  {
    key: 'emi',
    words: ['PCB', 'EMI', 'EMC', '布局'],
    slides: [
      s(
        '热回路最小化',
        [
          '输入电容、上管与下管构成高 di/dt 回路',
          '回路面积越小，辐射越低',
          '输入电容紧靠芯片 VIN 与 PGND',
        ],
        { kind: 'buck' },
      ),
      s(
        '传导 EMI 频谱',
        ['开关频率及其谐波出现在频谱上', '输入 π 型滤波抑制差模噪声', '共模噪声经寄生电容流向大地'],
        { kind: 'bars', labels: ['F0', '2F0', '3F0', '5F0', '7F0'], values: [9, 6, 5, 3, 2] },
      ),
    ],
  },
  {
    key: 'scope',
    words: ['示波器', '触发', '偶发'],
    slides: [
      s(
        '边沿与脉宽触发',
        [
          '边沿触发最常用，注意触发电平与迟滞',
          '脉宽触发捕获比正常更窄的毛刺',
          '欠幅触发找出没有达到逻辑电平的脉冲',
        ],
        { kind: 'bounce', labels: ['CH1', 'TRIG'] },
      ),
      s(
        '分段存储',
        [
          '把存储深度分成多段，只记录触发前后',
          '两次触发之间的死区时间大幅缩短',
          '时间标签帮助分析偶发事件的间隔',
        ],
        { kind: 'pwm', values: [10, 30] },
      ),
      s(
        '探头与接地',
        [
          '长地线与探头电容构成谐振，产生振铃',
          '测开关电源用接地弹簧缩短回路',
          '带宽限制可滤掉与问题无关的高频噪声',
        ],
        { kind: 'rc', labels: ['TIP', 'LGND', 'CIN', 'SCOPE'] },
      ),
    ],
  },
  {
    key: 'arch',
    words: ['计算机组成', '体系结构', '嵌入式硬件', '数字电路', '时序', '接口'],
    slides: [
      s(
        'CPU 与存储层次',
        [
          '寄存器、Cache、主存速度逐级下降',
          '哈佛结构指令与数据总线分离',
          '流水线提高吞吐，但分支会带来停顿',
        ],
        { kind: 'blocks', labels: ['CPU', 'CACHE', 'BUS', 'SRAM', 'FLASH'] },
      ),
      s(
        '建立与保持时间',
        [
          '数据须在时钟沿前稳定 tSU、沿后保持 tH',
          '最高频率受寄存器间最长路径限制',
          '跨时钟域用两级同步器',
        ],
        { kind: 'spi' },
      ),
      s(
        '常见接口对比',
        ['UART 异步，两线，速率较低', 'I2C 两线多主，开漏加上拉', 'SPI 四线全双工，速率最高'],
        { kind: 'i2c' },
      ),
    ],
  },
  {
    key: 'career',
    words: [
      '面试',
      '简历',
      '竞赛',
      '赛制',
      '赛题',
      '团队',
      '报告',
      '考试',
      '软考',
      '冲刺',
      '项目经历',
      '软件工程',
      '案例',
      '模拟',
    ],
    slides: [
      s(
        '备考与时间规划',
        [
          '先做历年真题，找出薄弱的知识模块',
          '按周安排复习，每周留出复盘时间',
          '考前两周以全真模拟为主',
        ],
        { kind: 'gantt', labels: ['READ', 'PRACTICE', 'MOCK', 'REVIEW'] },
      ),
      s(
        '知识点分布',
        [
          '电源、模拟、数字与接口占比最高',
          '计算题先写公式再代数值',
          '案例题按现象、原因、措施作答',
        ],
        {
          kind: 'bars',
          labels: ['POWER', 'ANALOG', 'DIGITAL', 'MCU', 'PM'],
          values: [7, 6, 5, 8, 3],
        },
      ),
      s(
        '项目怎么讲',
        [
          '背景、目标、我做了什么、结果如何',
          '用数据说话：效率、成本、良率',
          '准备一个调试难题的完整排查过程',
        ],
        { kind: 'blocks', labels: ['S', 'T', 'A', 'R'] },
      ),
      s(
        '团队分工',
        [
          '硬件、软件与测试各有主责人',
          '第一天定方案，最后一天只写报告',
          '每天同步进度，问题当天解决',
        ],
        { kind: 'gantt', labels: ['HW', 'SW', 'TEST', 'DOC'] },
      ),
    ],
  },
];
