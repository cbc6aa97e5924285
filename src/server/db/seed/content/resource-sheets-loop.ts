/**
 * The sheet of the demo download 《开关电源环路补偿计算表》 (issue 28: it held the Type II rows
 * only): the power stage, Type II compensation for a peak-current-mode buck with a
 * transconductance error amplifier, Type III compensation for a voltage-mode buck, and a Bode
 * table of the Type II loop gain computed with the sheet's complex-number functions.
 */
import type { Cell } from '../files/ooxml.ts';

export const LOOP_SHEET: Cell[][] = [
  ['开关电源环路补偿计算表（Type II / Type III）', '', ''],
  ['参数', '数值', '说明'],
  ['一、功率级（Buck）', '', ''],
  ['输入电压 Vin (V)', 12, ''],
  ['输出电压 Vout (V)', 5, ''],
  ['输出电容 Cout (μF)', 94, '两颗 47 μF 陶瓷电容（按直流偏压降容后的有效值填写）'],
  ['输出电容 ESR (mΩ)', 5, '两颗并联后的等效值'],
  ['负载电阻 Rload (Ω)', 2.5, '5 V / 2 A'],
  ['开关频率 fsw (kHz)', 500, ''],
  ['目标穿越频率 fc (kHz)', '=B9/10', '取开关频率的 1/10'],
  ['输出极点 fp (Hz)', '=1/(2*PI()*B8*B6*1E-6)', 'fp = 1/(2π·Rload·Cout)'],
  ['ESR 零点 fesr (kHz)', '=1/(2*PI()*B7*1E-3*B6*1E-6)/1000', 'fesr = 1/(2π·ESR·Cout)'],
  ['基准电压 Vref (V)', 0.8, '芯片反馈基准'],
  ['反馈上电阻 Rtop (kΩ)', '=10*(B5/B13-1)', '下电阻取 10 kΩ：Rtop = 10 kΩ × (Vout/Vref − 1)'],
  ['二、Type II 补偿（峰值电流模式，跨导误差放大器 COMP 对地接 Rc–Cc 并 Chf）', '', ''],
  ['误差放大器跨导 gm_ea (μA/V)', 350, '示例值，以所用芯片数据手册为准'],
  ['电流检测跨导 gm_ps (A/V)', 17, 'COMP 电压到电感电流的增益，示例值'],
  [
    '补偿电阻 Rc (kΩ)',
    '=2*PI()*B10*1E3*B6*1E-6*B5/(B16*1E-6*B13*B17)/1000',
    'Rc = 2π·fc·Cout·Vout /(gm_ea·Vref·gm_ps)',
  ],
  ['补偿电容 Cc (nF)', '=B8*B6*1E-6/(B18*1E3)*1E9', 'Cc = Rload·Cout / Rc，零点对消输出极点'],
  ['高频极点电容 Chf (pF)', '=1/(2*PI()*B18*1E3*B9*1E3/2)*1E12', '极点放在 fsw/2'],
  ['补偿零点 fz (Hz)', '=1/(2*PI()*B18*1E3*B19*1E-9)', '应等于输出极点 fp'],
  ['高频极点 fp2 (kHz)', '=1/(2*PI()*B18*1E3*B20*1E-12)/1000', ''],
  ['三、Type III 补偿（电压模式，运放误差放大器）', '', ''],
  ['输出电感 L (μH)', 10, ''],
  ['PWM 斜坡幅度 Vramp (V)', 1, '芯片数据手册给出'],
  ['LC 谐振频率 fLC (kHz)', '=1/(2*PI()*SQRT(B24*1E-6*B6*1E-6))/1000', 'fLC = 1/(2π√(L·Cout))'],
  ['R1 = Rtop (kΩ)', '=B14', ''],
  ['R2 (kΩ)', '=B10*B25*B27/(B4*B26)', 'R2 = fc·Vramp·R1 /(Vin·fLC)'],
  ['C1 (nF)', '=1/(2*PI()*B28*1E3*B26*1E3*0.5)*1E9', '第一零点 fz1 = fLC/2'],
  ['C2 (pF)', '=1/(2*PI()*B28*1E3*B9*1E3/2)*1E12', '第二极点 fp2 = fsw/2'],
  ['第一极点 fp1 (kHz)', '=MIN(B12,B9/2)', '放在 ESR 零点处，但不高于 fsw/2'],
  ['R3 (kΩ)', '=B27/(B31/B26-1)', '第二零点 fz2 = fLC：R3 = R1 /(fp1/fLC − 1)'],
  ['C3 (nF)', '=1/(2*PI()*B32*1E3*B31*1E3)*1E9', 'C3 = 1/(2π·R3·fp1)'],
  ['四、Type II 环路增益波特图（按第一、二部分计算，可对 B、C 两列插入散点图）', '', ''],
  ['频率 (Hz)', '增益 (dB)', '相位 (°)'],
  [
    100,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A36/($B$12*1000)),COMPLEX(1,A36/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A36*$B$19*1E-9))),COMPLEX(0,2*PI()*A36*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A36/($B$12*1000)),COMPLEX(1,A36/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A36*$B$19*1E-9))),COMPLEX(0,2*PI()*A36*$B$20*1E-12))))))',
  ],
  [
    200,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A37/($B$12*1000)),COMPLEX(1,A37/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A37*$B$19*1E-9))),COMPLEX(0,2*PI()*A37*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A37/($B$12*1000)),COMPLEX(1,A37/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A37*$B$19*1E-9))),COMPLEX(0,2*PI()*A37*$B$20*1E-12))))))',
  ],
  [
    500,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A38/($B$12*1000)),COMPLEX(1,A38/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A38*$B$19*1E-9))),COMPLEX(0,2*PI()*A38*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A38/($B$12*1000)),COMPLEX(1,A38/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A38*$B$19*1E-9))),COMPLEX(0,2*PI()*A38*$B$20*1E-12))))))',
  ],
  [
    1000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A39/($B$12*1000)),COMPLEX(1,A39/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A39*$B$19*1E-9))),COMPLEX(0,2*PI()*A39*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A39/($B$12*1000)),COMPLEX(1,A39/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A39*$B$19*1E-9))),COMPLEX(0,2*PI()*A39*$B$20*1E-12))))))',
  ],
  [
    2000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A40/($B$12*1000)),COMPLEX(1,A40/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A40*$B$19*1E-9))),COMPLEX(0,2*PI()*A40*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A40/($B$12*1000)),COMPLEX(1,A40/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A40*$B$19*1E-9))),COMPLEX(0,2*PI()*A40*$B$20*1E-12))))))',
  ],
  [
    5000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A41/($B$12*1000)),COMPLEX(1,A41/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A41*$B$19*1E-9))),COMPLEX(0,2*PI()*A41*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A41/($B$12*1000)),COMPLEX(1,A41/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A41*$B$19*1E-9))),COMPLEX(0,2*PI()*A41*$B$20*1E-12))))))',
  ],
  [
    10000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A42/($B$12*1000)),COMPLEX(1,A42/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A42*$B$19*1E-9))),COMPLEX(0,2*PI()*A42*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A42/($B$12*1000)),COMPLEX(1,A42/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A42*$B$19*1E-9))),COMPLEX(0,2*PI()*A42*$B$20*1E-12))))))',
  ],
  [
    20000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A43/($B$12*1000)),COMPLEX(1,A43/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A43*$B$19*1E-9))),COMPLEX(0,2*PI()*A43*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A43/($B$12*1000)),COMPLEX(1,A43/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A43*$B$19*1E-9))),COMPLEX(0,2*PI()*A43*$B$20*1E-12))))))',
  ],
  [
    50000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A44/($B$12*1000)),COMPLEX(1,A44/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A44*$B$19*1E-9))),COMPLEX(0,2*PI()*A44*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A44/($B$12*1000)),COMPLEX(1,A44/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A44*$B$19*1E-9))),COMPLEX(0,2*PI()*A44*$B$20*1E-12))))))',
  ],
  [
    100000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A45/($B$12*1000)),COMPLEX(1,A45/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A45*$B$19*1E-9))),COMPLEX(0,2*PI()*A45*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A45/($B$12*1000)),COMPLEX(1,A45/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A45*$B$19*1E-9))),COMPLEX(0,2*PI()*A45*$B$20*1E-12))))))',
  ],
  [
    200000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A46/($B$12*1000)),COMPLEX(1,A46/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A46*$B$19*1E-9))),COMPLEX(0,2*PI()*A46*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A46/($B$12*1000)),COMPLEX(1,A46/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A46*$B$19*1E-9))),COMPLEX(0,2*PI()*A46*$B$20*1E-12))))))',
  ],
  [
    250000,
    '=20*LOG10(IMABS(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A47/($B$12*1000)),COMPLEX(1,A47/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A47*$B$19*1E-9))),COMPLEX(0,2*PI()*A47*$B$20*1E-12))))))',
    '=DEGREES(IMARGUMENT(IMPRODUCT(IMPRODUCT(COMPLEX($B$17*$B$8,0),IMDIV(COMPLEX(1,A47/($B$12*1000)),COMPLEX(1,A47/$B$11))),COMPLEX($B$16*1E-6*$B$13/$B$5,0),IMDIV(1,IMSUM(IMDIV(1,COMPLEX($B$18*1000,-1/(2*PI()*A47*$B$19*1E-9))),COMPLEX(0,2*PI()*A47*$B$20*1E-12))))))',
  ],
  [
    '相位裕度 ≈ 180° + 穿越频率处的相位。此模型未计入 fsw/2 处的电流采样双极点，实际相位裕度更低，应以负载阶跃或网络分析仪实测为准；电流模式 Buck 一般取 45°–70°。',
    '',
    '',
  ],
];
