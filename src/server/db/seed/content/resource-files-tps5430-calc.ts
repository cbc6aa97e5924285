/**
 * design/calc.py of 《TPS5430 降压电源参考设计》: the design calculations of the 24 V to 5 V / 3 A
 * buck converter (divider, inductor, capacitors, diode, losses), runnable with Python 3; its
 * printed numbers are the ones in design/计算书.md and the test report.
 */
export const CALC_PY = `#!/usr/bin/env python3
"""TPS5430 降压电源（24 V 转 5 V/3 A）设计计算。公式见 design/计算书.md，参数来自 TPS5430 数据手册。"""
import math

VREF = 1.221      # 内部基准 (V)
FSW = 500e3       # 固定开关频率 (Hz)
RDS_ON = 0.110    # 高边 MOSFET 导通电阻 (Ω)
D_MAX = 0.87      # 最大占空比
E96 = [1.00, 1.02, 1.05, 1.07, 1.10, 1.13, 1.15, 1.18, 1.21, 1.24, 1.27, 1.30, 1.33, 1.37,
       1.40, 1.43, 1.47, 1.50, 1.54, 1.58, 1.62, 1.65, 1.69, 1.74, 1.78, 1.82, 1.87, 1.91,
       1.96, 2.00, 2.05, 2.10, 2.15, 2.21, 2.26, 2.32, 2.37, 2.43, 2.49, 2.55, 2.61, 2.67,
       2.74, 2.80, 2.87, 2.94, 3.01, 3.09, 3.16, 3.24, 3.32, 3.40, 3.48, 3.57, 3.65, 3.74,
       3.83, 3.92, 4.02, 4.12, 4.22, 4.32, 4.42, 4.53, 4.64, 4.75, 4.87, 4.99, 5.11, 5.23,
       5.36, 5.49, 5.62, 5.76, 5.90, 6.04, 6.19, 6.34, 6.49, 6.65, 6.81, 6.98, 7.15, 7.32,
       7.50, 7.68, 7.87, 8.06, 8.25, 8.45, 8.66, 8.87, 9.09, 9.31, 9.53, 9.76]


def e96(x):
    """最接近的 E96 阻值。"""
    decade = 10 ** math.floor(math.log10(x))
    return min((v * decade for v in E96 + [10.0]), key=lambda v: abs(v - x))


def design(vout, iout=3.0, vin_min=10.0, vin_nom=24.0, vin_max=28.0, k_ind=0.3,
           l_h=15e-6, cout=220e-6, esr=0.025, cin=20e-6, vd=0.55, dcr=0.020):
    print(f"== 输出 {vout} V / {iout} A，输入 {vin_min}–{vin_max} V（标称 {vin_nom} V）==")
    r1 = 10e3
    r2 = e96(r1 * VREF / (vout - VREF))
    real = VREF * (1 + r1 / r2)
    print(f"反馈分压：R1 = 10.0 kΩ，R2 计算 {r1 * VREF / (vout - VREF) / 1e3:.3f} kΩ，"
          f"取 E96 {r2 / 1e3:.2f} kΩ，Vout = {real:.3f} V")
    lmin = vout * (vin_max - vout) / (vin_max * k_ind * iout * FSW)
    print(f"最小电感（K_IND = {k_ind}）：{lmin * 1e6:.2f} μH，选用 {l_h * 1e6:.0f} μH")
    for vin in (vin_min, vin_nom, vin_max):
        d = (vout + vd) / (vin - iout * RDS_ON + vd)
        di = vout * (vin - vout) / (vin * l_h * FSW)
        ripple = di * (esr + 1 / (8 * FSW * cout))
        print(f"  Vin = {vin:4.1f} V：D = {d:.3f}，ΔIL = {di:.3f} A，IL(peak) = {iout + di / 2:.2f} A，"
              f"输出纹波 ≈ {ripple * 1e3:.1f} mVpp")
    di_max = vout * (vin_max - vout) / (vin_max * l_h * FSW)
    print(f"电感 RMS 电流 ≈ {math.sqrt(iout ** 2 + di_max ** 2 / 12):.2f} A，"
          f"输出电容 RMS 电流 = {di_max / math.sqrt(12):.3f} A")
    f_lc = 1 / (2 * math.pi * math.sqrt(l_h * cout))
    f_esr = 1 / (2 * math.pi * esr * cout)
    print(f"LC 谐振频率 = {f_lc:.0f} Hz，输出电容 ESR 零点 = {f_esr / 1e3:.1f} kHz")
    d_nom = vout / vin_nom
    print(f"输入电容 RMS 电流（Vin = {vin_nom} V）= {iout * math.sqrt(d_nom * (1 - d_nom)):.2f} A，"
          f"输入纹波 ≈ {iout * 0.25 / (cin * FSW) * 1e3:.0f} mVpp（数据手册近似式）")
    d_lo = vout / vin_max
    print(f"续流二极管平均电流（Vin = {vin_max} V）= {iout * (1 - d_lo):.2f} A，"
          f"功耗 = {vd * iout * (1 - d_lo):.2f} W")
    vin_req = (vout + vd) / D_MAX - vd + iout * RDS_ON
    print(f"最大占空比决定的最低输入电压 ≈ {vin_req:.2f} V")
    p_out = vout * iout
    p_hs = iout ** 2 * RDS_ON * d_nom
    p_sw = 0.5 * vin_nom * iout * 20e-9 * FSW
    p_d = vd * iout * (1 - d_nom)
    p_l = iout ** 2 * dcr
    p_q = vin_nom * 3e-3
    loss = p_hs + p_sw + p_d + p_l + p_q
    print(f"损耗估算（Vin = {vin_nom} V）：导通 {p_hs:.2f} W，开关 {p_sw:.2f} W，二极管 {p_d:.2f} W，"
          f"电感 {p_l:.2f} W，静态 {p_q:.2f} W；效率 ≈ {p_out / (p_out + loss) * 100:.1f} %")
    print()


if __name__ == "__main__":
    design(5.0)
    design(3.3, l_h=10e-6)
`;
