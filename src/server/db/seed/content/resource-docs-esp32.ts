/**
 * The text of the demo download 《ESP32 硬件设计指南》 (issue 28: the guide was four short
 * paragraphs): power and brown-out, reset and strapping pins, clocks, flash, RF and antenna
 * keep-out, Wi-Fi/BLE coexistence, sleep currents with a battery-life calculation, the
 * partition table and OTA, the download circuit, and the review checklist.
 */
import type { Doc } from './resource-docs-stm32.ts';

export const ESP32_GUIDE: Doc = [
  {
    heading: '1 适用范围与选型',
    paragraphs: [
      '本指南适用于 ESP32（ESP32-D0WD-V3 芯片）及基于它的 ESP32-WROOM-32E、ESP32-WROVER-E 模组：双核 Xtensa LX6，最高 240 MHz，520 KB SRAM，2.4 GHz Wi-Fi（802.11 b/g/n）与蓝牙 4.2 BR/EDR + BLE。',
      '选模组还是芯片：产量在数万片以下、没有射频调试条件时优先选已通过无线电认证的模组，省去射频匹配与认证；选芯片时需要自行设计 40 MHz 晶振、Flash、射频匹配与天线，并完成 SRRC、CE、FCC 等认证。',
      'Flash 与 PSRAM：WROOM-32E 内置 4/8/16 MB Flash；WROVER-E 另带 8 MB PSRAM（占用 GPIO16、GPIO17），适合摄像头、音频与大缓冲的应用。',
      '引脚限制速查：GPIO6–11 连接模组内部 Flash，不可使用；GPIO34–39 只能输入，且没有内部上下拉；ADC2 在 Wi-Fi 工作时不可用，模拟采样请用 ADC1（GPIO32–39）。',
    ],
  },
  {
    heading: '2 电源设计与掉电检测',
    paragraphs: [
      '供电范围 3.0–3.6 V，推荐 3.3 V。Wi-Fi 发射瞬间电流可达 500 mA（802.11b、20 dBm 输出时平均约 240 mA，脉冲更高），电源必须能提供不小于 500 mA 的瞬态电流，线性稳压器建议选 600 mA 以上。',
      '去耦：模组 3V3 引脚旁放置 22 μF（或 10 μF）+ 0.1 μF 陶瓷电容；芯片方案中每个 VDD3P3 引脚各放 0.1 μF，模拟电源 VDDA 与射频电源旁另加 10 μF，并尽量靠近引脚。',
      '线性稳压器的压差与发热：5 V 转 3.3 V、平均 250 mA 时功耗 (5 − 3.3) × 0.25 = 0.43 W，SOT-223 可以承受；锂电池（3.0–4.2 V）直接供电时应选低压差 LDO（如 200 mV@500 mA 以下）或升降压 DC-DC，否则电池电压低于约 3.6 V 后输出就会跌落。',
      '掉电检测（brown-out）：芯片在 VDD 低于设定门限时复位，门限可在 menuconfig（ESP_BROWNOUT_DET_LVL）中从约 2.43 V 到 2.80 V 分 8 档选择。如果日志中反复出现 “Brownout detector was triggered”，通常是电源在 Wi-Fi 启动瞬间跌落：加大储能电容、缩短供电线、换用更大电流的稳压器，不要靠关闭掉电检测来掩盖。',
      '示波器检查：在模组 3V3 引脚测量，Wi-Fi 连接阶段的最低电压应高于 3.0 V。',
    ],
  },
  {
    heading: '3 复位（EN）与启动模式（Strapping）引脚',
    paragraphs: [
      'EN（CHIP_PU）高电平使能芯片，内部无可靠上拉。外接 10 kΩ 上拉到 3V3、1 μF 电容到地，时间常数 10 ms，保证 EN 在 3V3 稳定之后才上升；电源上升缓慢（如大电容负载）时应增大电容或使用复位芯片。',
      '上电复位时芯片锁存 5 个 Strapping 引脚的电平：',
      '· GPIO0：内部上拉。1 = 从 SPI Flash 正常启动，0 = 进入串口下载模式。',
      '· GPIO2：内部下拉。进入下载模式时必须为低或悬空。',
      '· MTDI（GPIO12）：内部下拉，决定内部 Flash 供电（VDD_SDIO）电压：0 = 3.3 V，1 = 1.8 V。3.3 V Flash 的模组若上电时 GPIO12 被外部电路拉高，Flash 只得到 1.8 V，启动失败并报 Flash 读取错误。必须用 GPIO12 时，可用 espefuse.py set_flash_voltage 3.3V 烧写 eFuse 固定该电压。',
      '· MTDO（GPIO15）：内部上拉。为 0 时上电不从 U0TXD 输出启动日志，同时参与 SDIO 从机时序选择。',
      '· GPIO5：内部上拉，参与 SDIO 从机时序选择。',
      '设计原则：Strapping 引脚上的外部电路在复位期间不得改变其默认电平；接 LED、按键、传感器时注意上拉下拉方向，避免把 GPIO12 接到带上拉的外设（如某些 SD 卡接口）。复位后这些引脚可作普通 GPIO。',
    ],
  },
  {
    heading: '4 时钟与 Flash',
    paragraphs: [
      '主晶振 40 MHz，频率容差 ±10 ppm，负载电容按晶振规格选取：负载电容 CL = 10 pF、杂散电容约 2 pF 时，两颗外接电容各取 2 × (CL − Cstray) = 16 pF 左右，最终值以实测频偏为准（可用 RF 测试工具查看频偏）。',
      '晶振走线尽量短，晶振与芯片之间不走其他信号，下方第二层为完整地；晶振远离天线与射频走线，XTAL_P 可预留串联电阻位置用于抑制谐波。',
      '可选 32.768 kHz 晶振接 GPIO32/33（XTAL_32K_P/N），为 RTC 提供精确慢时钟，使深度睡眠定时误差从内部 150 kHz RC 振荡器的约 ±5 % 降到 ppm 级。',
      '芯片方案外置 SPI Flash 时，Flash 与芯片之间走线尽量短且等长，SPI 时钟 80 MHz 时线长建议小于 25 mm；Flash 电源来自 VDD_SDIO，见第 3 章 MTDI 的说明。',
    ],
  },
  {
    heading: '5 射频与天线布局',
    paragraphs: [
      '模组方案：模组的 PCB 天线应伸出主板边缘，或在天线下方及周围（天线两侧与前方至少 15 mm）所有层都不铺铜、不走线、不放元件；天线附近避免金属外壳、电池、屏蔽罩与大器件。天线朝向外壳中塑料较薄的一侧。',
      '芯片方案：射频输出阻抗 50 Ω，射频走线按 50 Ω 共面波导或微带线设计（4 层板 0.2 mm 介质厚度时线宽约 0.35–0.4 mm），两侧打接地过孔，间距不超过 λ/10（2.4 GHz 下约 1.2 mm 以内的过孔间距更稳妥）。',
      '在芯片与天线之间预留 π 型匹配网络（串联 0 Ω，两个并联位置默认不焊），样板用矢量网络分析仪按实测阻抗调整元件值，通常使用 0402 高 Q 射频电容电感。',
      '外接天线（IPEX 接口）时，射频座到天线的同轴线长度与走向固定，避免穿过电源模块；外壳装配后需复测天线驻波比与发射功率，整机 OTA 测试的总辐射功率（TRP）与接收灵敏度（TIS）是最终依据。',
      '开关电源与射频：DC-DC 的电感与开关节点远离天线，开关频率的谐波可能落入 2.4 GHz 频段抬高底噪，必要时对开关节点加屏蔽或改用 LDO 为射频供电。',
    ],
  },
  {
    heading: '6 Wi-Fi 与蓝牙共存',
    paragraphs: [
      'ESP32 只有一套 2.4 GHz 射频，Wi-Fi 与蓝牙按时分方式共用，由软件共存机制（menuconfig 中的 ESP_COEX_SW_COEXIST_ENABLE，默认开启）仲裁。两者同时工作时，各自的吞吐量与时延都会下降。',
      '设计建议：',
      '· BLE 扫描窗口与扫描间隔之比越大，Wi-Fi 可用时间越少；持续扫描时把扫描窗口设为间隔的一半左右。',
      '· BLE 配网完成后释放经典蓝牙或整个蓝牙控制器的内存（esp_bt_controller_mem_release），可回收数十 KB 内存。',
      '· Wi-Fi 与蓝牙同时使用时内存紧张，优先选带 PSRAM 的模组，并把大缓冲放到 PSRAM。',
      '· 同时工作时电流峰值与平均电流都更高，第 2 章的电源裕量要按共存场景计算。',
      '外部干扰：USB 3.0 接口、HDMI 与高速 DDR 的噪声会落入 2.4 GHz 频段，天线应远离这些接口。',
    ],
  },
  {
    heading: '7 低功耗模式与电池寿命估算',
    paragraphs: [
      '典型电流（3.3 V，25 °C，摘自芯片数据手册，具体以版本为准）：',
      '· 发射（802.11b，19.5 dBm）：约 240 mA　　· 接收：约 95–100 mA',
      '· Modem-sleep（CPU 运行、射频关闭）：20–68 mA，随 CPU 频率变化',
      '· Light-sleep：约 0.8 mA　　· Deep-sleep（RTC 定时器 + RTC 存储器）：约 10 μA',
      '· Deep-sleep 且 ULP 协处理器工作：约 150 μA　　· Hibernation（仅 RTC 定时器）：约 5 μA',
      '模组板级电流还要加上 Flash、稳压器静态电流与上下拉电阻漏电，开发板上的 USB 转串口芯片与电源指示灯往往使深度睡眠电流达到数毫安。',
      '电池寿命例：2000 mAh 电池，每 10 分钟唤醒一次，连网上报耗时 3 s、平均 120 mA；睡眠时芯片 10 μA，LDO 静态电流 5 μA。每周期电荷 3 s × 120 mA + 597 s × 0.015 mA = 360 + 9 = 369 mA·s，平均电流 369/600 = 0.615 mA，寿命约 2000/0.615 ≈ 3250 h，约 135 天。',
      '同样的设计若用静态电流 5 mA 的 AMS1117，平均电流变为约 5.6 mA，寿命只剩约 15 天：电池设备的稳压器静态电流必须在微安级。缩短连网时间（静态 IP、保存信道与 BSSID 快速重连）是提高寿命最有效的手段。',
      '深度睡眠的唤醒源：RTC 定时器、EXT0/EXT1（RTC GPIO）、触摸、ULP。只有 RTC GPIO（GPIO0、2、4、12–15、25–27、32–39）可以在深度睡眠中保持电平或作为唤醒源；睡眠前用 rtc_gpio_isolate() 隔离外部有上下拉的引脚，减少漏电。',
    ],
  },
  {
    heading: '8 分区表与 OTA 升级',
    paragraphs: [
      'Flash 布局：二级引导程序位于 0x1000，分区表位于 0x8000（默认 3 KB），应用分区必须 64 KB（0x10000）对齐。4 MB Flash 支持 OTA 的分区表示例（partitions.csv）：',
      '# Name,   Type, SubType, Offset,   Size',
      'nvs,      data, nvs,     0x9000,   0x4000',
      'otadata,  data, ota,     0xd000,   0x2000',
      'phy_init, data, phy,     0xf000,   0x1000',
      'ota_0,    app,  ota_0,   0x10000,  0x180000',
      'ota_1,    app,  ota_1,   0x190000, 0x180000',
      'spiffs,   data, spiffs,  0x310000, 0xF0000',
      '两个 1.5 MB 的应用分区交替使用，末尾 960 KB 作文件系统，合计正好 4 MB（0x400000）。固件大小应留 20 % 以上余量，编译时 idf.py size 会给出占用。',
      'OTA 流程：esp_ota_get_next_update_partition() 取得空闲分区 → esp_ota_begin() → 分块 esp_ota_write() → esp_ota_end() 校验镜像 → esp_ota_set_boot_partition() → 重启。使用 esp_https_ota 组件可直接从 HTTPS 服务器下载升级，服务器证书嵌入固件。',
      '回滚：开启 BOOTLOADER_APP_ROLLBACK_ENABLE 后，新固件首次启动处于待验证状态，应用自检通过（如成功连上服务器）后调用 esp_ota_mark_app_valid_cancel_rollback()；若自检前复位，引导程序自动回到旧固件。',
      '量产前评估 Secure Boot 与 Flash 加密：两者都通过 eFuse 一次性开启，开启后串口烧录受限，应先在少量样机上验证完整的生产与升级流程。',
    ],
  },
  {
    heading: '9 下载、调试与外设接口',
    paragraphs: [
      '串口下载：U0TXD（GPIO1）、U0RXD（GPIO3）接 USB 转串口芯片（CP2102N、CH340C 等）。自动下载电路用两只 NPN 三极管交叉连接：DTR、RTS 的组合分别控制 EN 与 GPIO0，esptool 按“拉低 EN → 拉低 GPIO0 → 释放 EN → 释放 GPIO0”的时序进入下载模式。EN 上的 1 μF 电容过大会使时序失败，表现为需要手动按 BOOT 键。',
      '建议保留 BOOT（GPIO0 到地）与 RESET（EN 到地）两个按键，以及 3V3、GND、TX、RX、EN、GPIO0 的测试点，便于量产烧录夹具。',
      'JTAG 调试使用 GPIO12–15（MTDI、MTCK、MTMS、MTDO），与 Strapping 引脚有重叠，需要调试的项目应避免在这些引脚上接外设。',
      'ADC：ESP32 的 ADC 非线性明显，0–150 mV 与 2.45 V 以上区域误差较大；使用 esp_adc_cali 组件结合 eFuse 中的校准值，并在输入端加 0.1 μF 电容。需要精确测量时使用外部 ADC。',
      'GPIO 驱动能力默认 20 mA 档，可配置为 5–40 mA；3.3 V 逻辑不耐 5 V，连接 5 V 外设需要电平转换。',
    ],
  },
  {
    heading: '10 硬件评审检查表',
    paragraphs: [
      '电源：',
      '□ 稳压器可提供 ≥ 500 mA 瞬态电流　□ 模组 3V3 旁 22 μF + 0.1 μF　□ Wi-Fi 启动时 3V3 最低点 ≥ 3.0 V　□ 电池设备稳压器静态电流为微安级',
      '复位与启动：',
      '□ EN 有 10 kΩ/1 μF RC　□ GPIO0、GPIO2、GPIO12、GPIO15、GPIO5 复位时电平符合默认值　□ 未使用 GPIO6–11　□ 预留 BOOT、RESET 按键与下载测试点',
      '时钟与射频：',
      '□ 40 MHz 晶振负载电容按规格计算　□ 天线伸出板边或净空 ≥ 15 mm、所有层无铜　□ 芯片方案预留 π 型匹配　□ 射频走线 50 Ω 且两侧打地过孔　□ DC-DC 远离天线',
      '软件相关：',
      '□ 分区表含 ota_0/ota_1 且应用分区留 20 % 余量　□ 开启回滚　□ 模拟采样使用 ADC1　□ 深度睡眠前隔离 RTC GPIO',
    ],
  },
];
