/**
 * The files of the demo download 《TPS5430 降压电源参考设计》 (issue 28: the archive held three
 * stub files): a 24 V to 5 V / 3 A buck converter on the TPS5430 — README, the design
 * calculations with the datasheet equations and a Python script that reproduces them, the BOM,
 * a KiCad netlist and a text schematic, the PCB layout notes and the test report.
 */
import type { ZipEntry } from '../files/zip.ts';
import { CALC_PY } from './resource-files-tps5430-calc.ts';

const README = `# TPS5430 降压电源参考设计（24 V 转 5 V / 3 A）

基于 TI TPS5430（3 A、500 kHz、内部补偿的非同步降压转换器）的工业 24 V 转 5 V 电源模块，
双面板 50 mm × 30 mm，全部器件贴片。设计数值由 \`design/calc.py\` 按数据手册公式计算，
与 \`design/计算书.md\` 一致；测试数据见 \`test/测试报告.md\`。

## 规格

| 项目 | 数值 |
| --- | --- |
| 输入电压 | 10–28 V（标称 24 V），芯片耐压 36 V |
| 输出 | 4.99 V，最大 3 A 连续 |
| 开关频率 | 500 kHz（芯片固定） |
| 输出纹波 | 计算 14 mVpp，实测 16 mVpp（24 V、3 A） |
| 效率 | 计算 87.6 %，实测 87.4 %（24 V、3 A） |

## 目录

| 路径 | 内容 |
| --- | --- |
| design/计算书.md | 反馈分压、电感、输出/输入电容、续流二极管、损耗与效率计算 |
| design/calc.py | 计算脚本（Python 3，无第三方依赖），\`python3 calc.py\` 输出全部数值 |
| hardware/BOM.csv | 物料清单 |
| hardware/tps5430-buck.net | KiCad 格式网表 |
| hardware/原理图说明.md | 文字版原理图：各网络与元件连接 |
| pcb/布局说明.md | 叠层、布局与布线要点 |
| test/测试报告.md | 效率、纹波、调整率、负载阶跃、温升与短路测试 |

## 改为 3.3 V 输出

R2 改为 5.90 kΩ（Vout = 3.290 V），L1 可改为 10 μH（最小 6.47 μH），其余不变；
\`calc.py\` 末尾给出了 3.3 V 的全部计算结果。输出低于 5 V 时续流二极管导通时间更长，效率约降到 82 %。

## 许可

原理图与文档以 CC BY 4.0 发布。TPS5430 为德州仪器的产品，参数以其数据手册（SLVS632）为准。
`;

const CALC_MD = `# 设计计算书

设计条件：Vin = 10–28 V（标称 24 V），Vout = 5.0 V，Iout = 3 A，fsw = 500 kHz，
续流二极管正向压降 Vd = 0.55 V（3 A），TPS5430 高边 MOSFET RDS(on) = 110 mΩ，最大占空比 87 %。

## 1 反馈分压

TPS5430 的 VSENSE 基准为 1.221 V。上分压电阻 R1 取 10 kΩ：

    R2 = R1 × 1.221 / (Vout − 1.221) = 10 kΩ × 1.221 / 3.779 = 3.231 kΩ → E96 取 3.24 kΩ
    Vout = 1.221 × (1 + 10 / 3.24) = 4.990 V

3.3 V 输出：R2 = 10 kΩ × 1.221 / 2.079 = 5.873 kΩ → 5.90 kΩ，Vout = 3.290 V。
分压电阻用 1 % 精度，基准精度约 ±1.5 %，输出总误差约 ±2.5 %。

## 2 电感

数据手册推荐的最小电感（K_IND 为纹波电流与输出电流之比，取 0.2–0.3）：

    Lmin = Vout × (Vin(max) − Vout) / (Vin(max) × K_IND × Iout × fsw)
         = 5 × 23 / (28 × 0.3 × 3 × 500 k) = 9.13 μH

选用 15 μH，纹波电流：

    ΔIL = Vout × (Vin − Vout) / (Vin × L × fsw)
    Vin = 10 V：0.333 A；24 V：0.528 A；28 V：0.548 A
    IL(peak) = Iout + ΔIL / 2 = 3.27 A（28 V）

电感要求：RMS 电流 ≥ 3 A，饱和电流大于芯片限流值（输出短路时电感电流被限流钳位），DCR ≤ 20 mΩ，
屏蔽结构以减小对周围电路的磁场干扰。

## 3 输出电容

TPS5430 内部补偿按“电感 + 低 ESR 电解/聚合物电容”的输出滤波器设计，选用 220 μF/10 V 聚合物电容（ESR 约 25 mΩ）：

    LC 谐振频率 f_LC = 1 / (2π √(L × C)) = 1 / (2π √(15 μH × 220 μF)) = 2771 Hz
    ESR 零点 f_ESR = 1 / (2π × ESR × C) = 1 / (2π × 0.025 × 220 μF) = 28.9 kHz
    输出纹波 ΔV ≈ ΔIL × (ESR + 1 / (8 × fsw × C)) = 0.528 × (0.025 + 0.00114) = 13.8 mVpp（24 V）
    电容 RMS 电流 = ΔIL / √12 = 0.158 A

f_LC 与 f_ESR 应落在数据手册给出的内部补偿适用范围内；只用陶瓷输出电容时 ESR 零点过高，需按数据手册的陶瓷电容方案另加前馈补偿。
另并联 0.1 μF 陶瓷电容吸收开关尖峰。

## 4 输入电容

    输入 RMS 电流 = Iout × √(D × (1 − D)) = 3 × √(0.208 × 0.792) = 1.22 A（24 V）
    输入纹波 ΔVin ≈ Iout × 0.25 / (Cin × fsw) = 3 × 0.25 / (20 μF × 500 k) = 75 mVpp

选 2 × 10 μF/50 V X7R 1210。注意陶瓷电容的直流偏压降容：24 V 时有效容量约为标称值的 60 %，
实际纹波约 120 mVpp，仍满足要求。另加 0.1 μF 高频去耦，紧贴 VIN 与 GND 引脚。

## 5 续流二极管

反向耐压 ≥ Vin(max) 的 1.25 倍（35 V），选 40 V 肖特基。最坏情况在最高输入电压：

    平均电流 = Iout × (1 − D) = 3 × (1 − 5/28) = 2.46 A
    功耗 = Vd × 平均电流 = 0.55 × 2.46 = 1.36 W

SMA 封装的 3 A 肖特基在 1.36 W 下温升过高，选 SMC 封装的 B540C（40 V/5 A），并在阳极铺铜散热。

## 6 自举电容与使能

BOOT 与 PH 之间接 0.01 μF X7R 陶瓷电容（数据手册推荐值）。ENA 悬空即使能，拉到 0.5 V 以下关断，引出测试点 TP1。

## 7 最低输入电压与损耗

    Vin(min) = (Vout + Vd) / Dmax − Vd + Iout × RDS(on) = 5.55 / 0.87 − 0.55 + 0.33 = 6.16 V

规格下限 10 V 留有足够裕量；3.3 V 输出时由芯片欠压锁定（约 5.3 V）决定最低输入电压。

24 V、3 A 损耗估算：高边导通 0.21 W，开关 0.36 W（tr + tf 取 20 ns），二极管 1.31 W，电感 0.18 W，
静态 0.07 W，合计 2.13 W，效率约 87.6 %。二极管是最大的损耗项，进一步提高效率需改用同步整流的降压芯片。
`;

const BOM = `位号,数量,型号,规格,封装,备注
U1,1,TPS5430DDA,3 A 500 kHz 降压转换器,SO-8 PowerPAD,散热焊盘接地
L1,1,7447709150,15 μH 屏蔽功率电感 Irms ≥ 3 A DCR ≤ 20 mΩ,12 mm × 12 mm,3.3 V 输出可用 10 μH
D1,1,B540C,40 V 5 A 肖特基二极管,SMC,续流
C1;C2,2,GRM32ER71H106KA12,10 μF 50 V X7R,1210,输入
C3,1,CL10B104KB8NNNC,0.1 μF 50 V X7R,0603,输入高频去耦
C4,1,CL10B103KB8NNNC,0.01 μF 50 V X7R,0603,自举电容 BOOT–PH
C5,1,10TPE220ML,220 μF 10 V 聚合物电容 ESR 25 mΩ,7343,输出
C6,1,CL10B104KB8NNNC,0.1 μF 50 V X7R,0603,输出高频去耦
R1,1,RC0603FR-0710KL,10.0 kΩ 1%,0603,反馈上电阻
R2,1,RC0603FR-073K24L,3.24 kΩ 1%,0603,反馈下电阻（3.3 V 输出改 5.90 kΩ）
R3,1,RC0603FR-072K2L,2.2 kΩ 1%,0603,指示灯限流 1.4 mA
D2,1,LED 绿色,VF 2.0 V,0603,电源指示
J1;J2,2,KF128-2P,5.08 mm 接线端子,TerminalBlock_1x02_P5.08mm,J1 输入 J2 输出
TP1,1,测试点,ENA,TestPoint_Pad_D1.5mm,拉低关断
`;

const NETLIST = `(export (version "E")
  (design
    (source "tps5430-buck.kicad_sch")
    (tool "Eeschema 8.0")
    (sheet (number "1") (name "/") (tstamps "/")))
  (components
    (comp (ref "U1") (value "TPS5430DDA") (footprint "Package_SO:TI_SO-PowerPAD-8_ThermalVias"))
    (comp (ref "L1") (value "15uH") (footprint "Inductor_SMD:L_Wuerth_WE-PD-Typ-LS"))
    (comp (ref "D1") (value "B540C") (footprint "Diode_SMD:D_SMC"))
    (comp (ref "C1") (value "10uF 50V") (footprint "Capacitor_SMD:C_1210_3225Metric"))
    (comp (ref "C2") (value "10uF 50V") (footprint "Capacitor_SMD:C_1210_3225Metric"))
    (comp (ref "C3") (value "100nF") (footprint "Capacitor_SMD:C_0603_1608Metric"))
    (comp (ref "C4") (value "10nF") (footprint "Capacitor_SMD:C_0603_1608Metric"))
    (comp (ref "C5") (value "220uF 10V") (footprint "Capacitor_Tantalum_SMD:CP_EIA-7343-31_Kemet-D"))
    (comp (ref "C6") (value "100nF") (footprint "Capacitor_SMD:C_0603_1608Metric"))
    (comp (ref "R1") (value "10k") (footprint "Resistor_SMD:R_0603_1608Metric"))
    (comp (ref "R2") (value "3.24k") (footprint "Resistor_SMD:R_0603_1608Metric"))
    (comp (ref "R3") (value "2.2k") (footprint "Resistor_SMD:R_0603_1608Metric"))
    (comp (ref "D2") (value "LED_Green") (footprint "LED_SMD:LED_0603_1608Metric"))
    (comp (ref "J1") (value "VIN") (footprint "TerminalBlock:TerminalBlock_bornier-2_P5.08mm"))
    (comp (ref "J2") (value "VOUT") (footprint "TerminalBlock:TerminalBlock_bornier-2_P5.08mm"))
    (comp (ref "TP1") (value "ENA") (footprint "TestPoint:TestPoint_Pad_D1.5mm")))
  (nets
    (net (code "1") (name "GND")
      (node (ref "J1") (pin "2")) (node (ref "C1") (pin "2")) (node (ref "C2") (pin "2"))
      (node (ref "C3") (pin "2")) (node (ref "U1") (pin "6")) (node (ref "U1") (pin "9"))
      (node (ref "D1") (pin "2")) (node (ref "C5") (pin "2")) (node (ref "C6") (pin "2"))
      (node (ref "R2") (pin "2")) (node (ref "D2") (pin "1")) (node (ref "J2") (pin "2")))
    (net (code "2") (name "/VIN")
      (node (ref "J1") (pin "1")) (node (ref "C1") (pin "1")) (node (ref "C2") (pin "1"))
      (node (ref "C3") (pin "1")) (node (ref "U1") (pin "7")))
    (net (code "3") (name "/PH")
      (node (ref "U1") (pin "8")) (node (ref "C4") (pin "2")) (node (ref "D1") (pin "1"))
      (node (ref "L1") (pin "1")))
    (net (code "4") (name "/BOOT") (node (ref "U1") (pin "1")) (node (ref "C4") (pin "1")))
    (net (code "5") (name "/VOUT")
      (node (ref "L1") (pin "2")) (node (ref "C5") (pin "1")) (node (ref "C6") (pin "1"))
      (node (ref "R1") (pin "1")) (node (ref "R3") (pin "1")) (node (ref "J2") (pin "1")))
    (net (code "6") (name "/VSENSE")
      (node (ref "U1") (pin "4")) (node (ref "R1") (pin "2")) (node (ref "R2") (pin "1")))
    (net (code "7") (name "/ENA") (node (ref "U1") (pin "5")) (node (ref "TP1") (pin "1")))
    (net (code "8") (name "/LED") (node (ref "R3") (pin "2")) (node (ref "D2") (pin "2")))
    (net (code "9") (name "unconnected-(U1-NC-Pad2)") (node (ref "U1") (pin "2")))
    (net (code "10") (name "unconnected-(U1-NC-Pad3)") (node (ref "U1") (pin "3")))))
`;

const SCHEMATIC = `# 原理图说明（文字版）

TPS5430DDA 引脚：1 BOOT，2 NC，3 NC，4 VSENSE，5 ENA，6 GND，7 VIN，8 PH，9 PowerPAD（接 GND）。

    J1(+) ──┬── C1 ── C2 ── C3 ──┬── U1.7 VIN
            │   (各电容另一端接 GND)
    U1.1 BOOT ── C4 (10 nF) ── U1.8 PH
    U1.8 PH ──┬── L1 (15 μH) ──┬── C5 (220 μF) ── C6 (0.1 μF) ── J2(+)
              │                 ├── R1 (10.0 kΩ) ──┬── U1.4 VSENSE
           D1 K                 │                  └── R2 (3.24 kΩ) ── GND
           D1 A ── GND          └── R3 (2.2 kΩ) ── D2 (LED) ── GND
    U1.5 ENA ── TP1（悬空使能，拉低关断）

要点：
- D1 阴极接 PH，阳极接地；PH 节点是开关节点，铜皮面积只需满足电流，越小越好（减少辐射）。
- R1 上端从 C5 正极取样，而不是从 J2 远端取样。
- U1 的 GND 引脚与 PowerPAD 一同接地，PowerPAD 下打 6 个 0.3 mm 过孔到底层地。
`;

const LAYOUT = `# PCB 布局说明

板材 FR-4 1.6 mm，双面 2 oz 铜；顶层放全部器件，底层为完整地平面（只在必要处走少量信号）。

## 关键环路

1. 输入高频环路：C3/C1 → U1.7 VIN → 内部高边 MOSFET → U1.8 PH → D1 → GND → C1。
   此环路中电流以 500 kHz 的边沿突变，面积必须最小：C3 紧贴 VIN 引脚，D1 阳极与 C1 地端在顶层直接相连。
2. 输出环路：PH → L1 → C5 → GND → D1，电流连续，面积次要。

## 布局顺序

1. 先放 U1、C3、C1/C2、D1，组成最小的输入环路；
2. L1 紧挨 PH 引脚，PH 铜皮只覆盖 U1.8、C4、D1 阴极与 L1 一端；
3. 反馈走线 R1/R2 远离 L1 与 PH，VSENSE 走线短且被地包围，R2 地端接到安静的模拟地（C5 地端附近）；
4. PowerPAD 下 6 个热过孔（0.3 mm）到底层大面积地；D1 阳极铺 1.5 cm² 铜皮散热。

## 线宽

3 A 输出走线：外层 2 oz 铜、温升 10 °C 时约需 1.5 mm（IPC-2221），实际用 3 mm 铺铜。
输入 24 V 最大 1.7 A（10 V 输入时），走线 2 mm。

## EMI

PH 节点不走底层；电感用屏蔽型；输入端子处可预留 π 型滤波（磁珠 + 10 μF）用于传导发射整改。
`;

const TEST_REPORT = `# 测试报告

仪器：直流电源 ITECH IT6302，电子负载 ITECH IT8511A+，示波器 RIGOL MSO5104（纹波测量 20 MHz 带宽限制、
接地弹簧直接测 C5 两端），功率计 Yokogawa WT310E。室温 25 °C，板子水平放置、无风冷。

## 效率（Vin = 24 V）

| Iout (A) | Vout (V) | Pin (W) | Pout (W) | 效率 |
| --- | --- | --- | --- | --- |
| 0.2 | 4.996 | 1.27 | 1.00 | 78.7 % |
| 0.5 | 4.995 | 2.88 | 2.50 | 86.7 % |
| 1.0 | 4.993 | 5.66 | 4.99 | 88.2 % |
| 2.0 | 4.990 | 11.33 | 9.98 | 88.1 % |
| 3.0 | 4.986 | 17.11 | 14.96 | 87.4 % |

## 线性与负载调整率

- 线性调整率（3 A，Vin 10 → 28 V）：Vout 4.987 → 4.985 V，0.04 %
- 负载调整率（24 V，Iout 0.2 → 3 A）：Vout 4.996 → 4.986 V，0.2 %

## 输出纹波（Iout = 3 A）

| Vin (V) | 计算 (mVpp) | 实测 (mVpp) |
| --- | --- | --- |
| 10 | 8.7 | 11 |
| 24 | 13.8 | 16 |
| 28 | 14.3 | 17 |

实测值含开关边沿尖峰，略高于计算值。0.2 A 时电感电流断续（低于 ΔIL/2 = 0.26 A），纹波 9 mVpp。

## 负载阶跃（24 V，0.5 A ↔ 2.5 A，1 A/μs）

下冲 88 mV，过冲 92 mV，恢复时间约 60 μs，无振铃。

## 温升（24 V，3 A，30 分钟）

U1 表面 63 °C（温升 38 °C），D1 71 °C（温升 46 °C），L1 48 °C。D1 是最热器件，与计算书中的损耗分布一致。

## 保护

- 输出短路：逐周期限流，平均输入电流 0.12 A，撤除短路后自动恢复。
- ENA 拉低：输出在 1 ms 内关断，输入电流降到 18 μA。
`;

export const TPS5430_FILES: ZipEntry[] = [
  { name: 'README.md', data: README },
  { name: 'design/计算书.md', data: CALC_MD },
  { name: 'design/calc.py', data: CALC_PY },
  { name: 'hardware/BOM.csv', data: BOM },
  { name: 'hardware/tps5430-buck.net', data: NETLIST },
  { name: 'hardware/原理图说明.md', data: SCHEMATIC },
  { name: 'pcb/布局说明.md', data: LAYOUT },
  { name: 'test/测试报告.md', data: TEST_REPORT },
];
