/**
 * The files of the demo download 《电子设计竞赛历年赛题汇编》 (issue 28: the archive was five
 * tiny text files): a README, the topic notes per category, and one complete worked entry —
 * a frequency meter on the STM32F103C8 with register-level C sources that build with
 * arm-none-eabi-gcc and the CMSIS headers, a Makefile, a BOM, a KiCad netlist and a test report.
 */
import type { ZipEntry } from '../files/zip.ts';
import {
  MAIN_C,
  FREQ_H,
  FREQ_C,
  UART_H,
  UART_C,
  MAKEFILE,
  LINKER,
} from './resource-files-nuedc-firmware.ts';

const README = `# 全国大学生电子设计竞赛历年赛题汇编（备赛资料包）

本资料包按题目类别整理历届赛题的常见考点，并附一个完整的示例作品，便于专题训练。
赛题原文与评分标准以竞赛组委会（nuedc.xjtu.edu.cn）发布为准。

## 目录

| 路径 | 内容 |
| --- | --- |
| power/考点.md | 电源类：DC-DC、逆变、无线充电 |
| signal/考点.md | 信号源与测量类：DDS、频率计、相位测量 |
| control/考点.md | 控制类：平衡小车、云台、风摆 |
| rf/考点.md | 高频与无线类：调制解调、放大器 |
| example-freqmeter/ | 示例作品：简易数字频率计（STM32F103C8） |

## 示例作品的构建

    cd example-freqmeter/firmware
    make CMSIS=/path/to/STM32CubeF1/Drivers/CMSIS

需要 arm-none-eabi-gcc 与 STM32CubeF1 中的 CMSIS 头文件（stm32f1xx.h）和启动文件；链接脚本随附。
烧录：\`st-flash write build/freqmeter.bin 0x08000000\`。串口 USART1（PA9）115200 8N1 输出测量结果。

## 备赛建议

1. 按题型准备经过实测的功能模块：DC-DC、DDS 信号源、程控放大、ADC 采集、电机驱动。
2. 每个模块配一份测试记录：指标、测试条件、仪器、结果。
3. 设计报告按“方案论证—理论分析与计算—电路与程序设计—测试方案与结果”组织。
`;

const POWER = `# 电源类常见考点

- 效率：同时测量输入与输出的电压、电流，η = Pout / Pin；电压在板端用四线法取样。
- 负载调整率：(V空载 − V满载) / V满载 × 100%。
- 纹波：示波器带宽限制 20 MHz，探头用接地弹簧，直接测输出电容两端。
- 保护：过流保护用采样电阻加比较器或芯片自带限流，软启动避免输入浪涌。
- 并联均流：下垂法或主从法，均流误差常作为考核指标。
`;
const SIGNAL = `# 信号源与测量类常见考点

- DDS：输出频率 f = FTW × fclk / 2^N，频率分辨率 fclk / 2^N；输出需低通滤除镜像。
- 测频：高频用闸门计数法，低频用测周期法；等精度测频法在闸门内同步计数被测信号与基准时钟。
- 相位差：两路信号过零比较后数字鉴相，或同步采样后做 FFT 比较相位。
- 幅度测量：峰值检波或真有效值芯片（如 AD637），注意频率响应。
`;
const CONTROL = `# 控制类常见考点

- PID 整定：先 P 后 D 再 I；积分限幅防止饱和。
- 姿态解算：加速度计与陀螺仪互补滤波或卡尔曼滤波。
- 电机驱动：H 桥死区、PWM 频率 10–20 kHz（避开可闻噪声）、编码器测速。
- 视觉：OpenMV 或摄像头模组识别色块、线条，串口向主控发送坐标。
`;
const RF = `# 高频与无线类常见考点

- 阻抗匹配：L 型网络、Smith 圆图，50 Ω 系统。
- 放大器：稳定性（K 因子 > 1）、增益平坦度、输入输出驻波比。
- 调制：AM 调制度、FM 频偏测量，频谱仪 RBW 的选择。
`;

const BOM = `位号,数量,型号,规格,封装,备注
U1,1,STM32F103C8T6,Cortex-M3 72 MHz 64 KB Flash,LQFP-48,
U2,1,AMS1117-3.3,LDO 3.3 V 1 A,SOT-223,
U3,1,TLV3501AIDBVR,高速比较器 4.5 ns,SOT-23-6,输入整形
Y1,1,8 MHz,晶振 ±20 ppm 负载 20 pF,HC-49S,
C1;C2,2,20 pF,C0G 50 V,0603,晶振负载电容
C3;C4;C5;C6;C7,5,100 nF,X7R 50 V,0603,去耦
C8;C9,2,10 μF,X5R 16 V,0805,LDO 输入输出
R1,1,10 kΩ,1%,0603,NRST 上拉
R2;R3,2,10 kΩ,1%,0603,比较器迟滞分压
R4,1,1 MΩ,1%,0603,比较器迟滞反馈
R5,1,51 Ω,1%,0603,输入端接
J1,1,SMA,50 Ω 边缘安装,SMA-EDGE,信号输入
J2,1,排针 1×4,2.54 mm,PinHeader_1x04,SWD
J3,1,排针 1×3,2.54 mm,PinHeader_1x03,USART1
`;

const NETLIST = `(export (version "E")
  (design
    (source "freqmeter.kicad_sch")
    (tool "Eeschema 8.0")
    (sheet (number "1") (name "/") (tstamps "/")))
  (components
    (comp (ref "U1") (value "STM32F103C8T6") (footprint "Package_QFP:LQFP-48_7x7mm_P0.5mm"))
    (comp (ref "U2") (value "AMS1117-3.3") (footprint "Package_TO_SOT_SMD:SOT-223-3_TabPin2"))
    (comp (ref "U3") (value "TLV3501") (footprint "Package_TO_SOT_SMD:SOT-23-6"))
    (comp (ref "Y1") (value "8MHz") (footprint "Crystal:Crystal_HC49-4H_Vertical"))
    (comp (ref "J1") (value "SMA") (footprint "Connector_Coaxial:SMA_Amphenol_132134_EdgeMount"))
    (comp (ref "R5") (value "51") (footprint "Resistor_SMD:R_0603_1608Metric")))
  (nets
    (net (code "1") (name "GND")
      (node (ref "U1") (pin "8")) (node (ref "U1") (pin "23")) (node (ref "U1") (pin "35"))
      (node (ref "U1") (pin "47")) (node (ref "U2") (pin "1")) (node (ref "U3") (pin "2"))
      (node (ref "J1") (pin "2")) (node (ref "R5") (pin "2")))
    (net (code "2") (name "+3V3")
      (node (ref "U1") (pin "1")) (node (ref "U1") (pin "9")) (node (ref "U1") (pin "24"))
      (node (ref "U1") (pin "36")) (node (ref "U1") (pin "48")) (node (ref "U2") (pin "2"))
      (node (ref "U3") (pin "6")))
    (net (code "3") (name "/SIG_IN")
      (node (ref "J1") (pin "1")) (node (ref "R5") (pin "1")) (node (ref "U3") (pin "3")))
    (net (code "4") (name "/SIG_TTL")
      (node (ref "U3") (pin "1")) (node (ref "U1") (pin "10")) (node (ref "U1") (pin "16")))
    (net (code "5") (name "/OSC_IN") (node (ref "Y1") (pin "1")) (node (ref "U1") (pin "5")))
    (net (code "6") (name "/OSC_OUT") (node (ref "Y1") (pin "2")) (node (ref "U1") (pin "6")))
    (net (code "7") (name "/USART1_TX") (node (ref "U1") (pin "30")))
    (net (code "8") (name "/SWDIO") (node (ref "U1") (pin "34")))
    (net (code "9") (name "/SWCLK") (node (ref "U1") (pin "37")))))
`;

const TEST_REPORT = `# 简易数字频率计测试报告

测试条件：室温 25 °C，信号源 RIGOL DG4102（方波与正弦，1 Vpp），参考频率计 Keysight 53220A。
被测信号经 SMA 输入，TLV3501 整形后同时送 PA0（TIM2_ETR，闸门计数）与 PA6（TIM3_CH1，测周期）。

| 输入频率 | 本机读数 | 方法 | 相对误差 |
| --- | --- | --- | --- |
| 1.000 Hz | 1.000 Hz | 测周期 | < 0.01% |
| 10.00 Hz | 10.000 Hz | 测周期 | < 0.01% |
| 500.0 Hz | 500.000 Hz | 测周期 | 0.01% |
| 1.000 kHz | 1000 Hz | 闸门 1 s | ±1 个字 |
| 100.0 kHz | 100001 Hz | 闸门 1 s | 0.001% |
| 10.00 MHz | 10000012 Hz | 闸门 1 s | 0.0001% |
| 15.00 MHz | 15000018 Hz | 闸门 1 s | 0.0001% |

结论：
1. 1 Hz–15 MHz 范围内相对误差优于 0.01%，主要误差来源为 8 MHz 晶振的频率偏差（约 +1.2 ppm）。
2. 闸门法在 1 kHz 附近存在 ±1 个字的量化误差，故低于 1 kHz 时改用测周期法。
3. ETR 不分频时输入频率须低于 TIM2 时钟的 1/4（18 MHz），更高频率需设置 SMCR[ETPS] 预分频。
4. 输入幅度低于 50 mVpp 时比较器无法可靠翻转，需增加前置放大。
`;

export const NUEDC_FILES: ZipEntry[] = [
  { name: 'README.md', data: README },
  { name: 'power/考点.md', data: POWER },
  { name: 'signal/考点.md', data: SIGNAL },
  { name: 'control/考点.md', data: CONTROL },
  { name: 'rf/考点.md', data: RF },
  { name: 'example-freqmeter/firmware/main.c', data: MAIN_C },
  { name: 'example-freqmeter/firmware/freq.c', data: FREQ_C },
  { name: 'example-freqmeter/firmware/freq.h', data: FREQ_H },
  { name: 'example-freqmeter/firmware/uart.c', data: UART_C },
  { name: 'example-freqmeter/firmware/uart.h', data: UART_H },
  { name: 'example-freqmeter/firmware/Makefile', data: MAKEFILE },
  { name: 'example-freqmeter/firmware/STM32F103C8Tx_FLASH.ld', data: LINKER },
  { name: 'example-freqmeter/hardware/BOM.csv', data: BOM },
  { name: 'example-freqmeter/hardware/freqmeter.net', data: NETLIST },
  { name: 'example-freqmeter/docs/测试报告.md', data: TEST_REPORT },
];
