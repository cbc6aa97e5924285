/**
 * Columns (big classifies → classifies), course labels and the twelve demo
 * courses with their lessons.
 */

export interface BigColumnData {
  name: string;
  description: string;
  columns: { name: string; description: string; hot: boolean }[];
}

export const BIG_COLUMNS: BigColumnData[] = [
  {
    name: '嵌入式开发',
    description: '从单片机寄存器到实时操作系统，系统掌握嵌入式软硬件开发。',
    columns: [
      {
        name: 'STM32 单片机开发',
        description: '围绕 STM32F1/F4 系列，讲透时钟、GPIO、定时器、DMA 与常用外设。',
        hot: true,
      },
      {
        name: '嵌入式 Linux 与 RTOS',
        description: 'FreeRTOS、RT-Thread 与嵌入式 Linux 驱动开发，面向多任务与复杂系统。',
        hot: false,
      },
    ],
  },
  {
    name: '电源与模拟',
    description: '开关电源、线性稳压与运放信号链，硬件工程师的基本功。',
    columns: [
      {
        name: '开关电源设计',
        description: 'Buck、Boost、反激拓扑的器件选型、环路补偿与 PCB 布局。',
        hot: true,
      },
      {
        name: '模拟电路与信号链',
        description: '运放、滤波器、ADC 驱动与传感器信号调理。',
        hot: false,
      },
    ],
  },
  {
    name: '无线与物联网',
    description: 'Wi-Fi、BLE、LoRa 与射频基础，打通设备到云端的每一跳。',
    columns: [
      {
        name: 'ESP32 物联网实战',
        description: '基于 ESP-IDF 的联网、低功耗与 OTA 实践。',
        hot: true,
      },
      { name: '射频与天线基础', description: '阻抗匹配、链路预算与 PCB 天线调试。', hot: false },
    ],
  },
  {
    name: '职业与考证',
    description: '求职面试、电子设计竞赛与职业资格认证，助力职业发展。',
    columns: [
      { name: '硬件工程师求职', description: '简历、笔试与面试高频问题解析。', hot: false },
      {
        name: '电子设计竞赛与认证',
        description: '电赛备赛方法与软考嵌入式系统设计师等认证辅导。',
        hot: true,
      },
    ],
  },
];

/** Course labels (course_type 1), in display order. */
export const LABELS = [
  '入门',
  '进阶',
  '实战',
  '免费',
  '认证',
  '热门',
  '项目驱动',
  '直播回放',
] as const;
export type LabelName = (typeof LABELS)[number];

export interface CourseData {
  /** Index into the flattened column list (big column * 2 + column). */
  column: number;
  title: string;
  teacher: string;
  /** 1 video course, 4 order-type (a kit shipped by courier). */
  type: 1 | 4;
  priceCents: number;
  recommended: boolean;
  exam: boolean;
  labels: LabelName[];
  summary: string;
  intro: string;
  outcomes: string[];
  audience: string;
  lessons: string[];
}

export const COURSES: CourseData[] = [
  {
    column: 0,
    title: 'STM32F103 从零到项目：寄存器与 HAL 库双线教学',
    teacher: '刘建国',
    type: 1,
    priceCents: 9900,
    recommended: true,
    exam: true,
    labels: ['入门', '实战', '热门'],
    summary:
      '以 STM32F103C8T6 最小系统板为载体，寄存器与 HAL 库对照讲解，最后完成一个温湿度采集终端。',
    intro:
      '本课程面向刚接触 ARM Cortex-M3 的工程师和学生，每个外设都先读参考手册、再写寄存器代码、最后用 HAL 库重写，帮助你真正理解库函数背后做了什么。',
    outcomes: [
      '看懂 STM32 时钟树并独立完成 72 MHz 时钟配置',
      '掌握 GPIO、EXTI、定时器、USART、ADC 与 DMA 的用法',
      '学会用 Keil 与 STM32CubeIDE 调试和定位 HardFault',
      '完成带 OLED 显示与串口上报的温湿度采集终端',
    ],
    audience: '具备 C 语言基础、希望系统入门单片机的在校学生与转行工程师。',
    lessons: [
      '开发环境搭建与第一个点灯程序',
      '时钟树：HSE、PLL 与 72 MHz 系统时钟',
      'GPIO 八种模式与按键消抖',
      '外部中断 EXTI 与 NVIC 优先级',
      '通用定时器与 PWM 呼吸灯',
      'USART 串口收发与 printf 重定向',
      'ADC 多通道采样与 DMA 搬运',
      '综合项目：温湿度采集终端',
    ],
  },
  {
    column: 0,
    title: 'STM32F103 开发板套件（含配套视频课程）',
    teacher: '刘建国',
    type: 4,
    priceCents: 19900,
    recommended: false,
    exam: false,
    labels: ['实战', '项目驱动'],
    summary: '顺丰包邮寄送 STM32F103 开发板、ST-Link 下载器与传感器扩展包，附赠配套实验视频。',
    intro:
      '套件包含 STM32F103RCT6 核心板、0.96 寸 OLED、DHT11 温湿度传感器、CAN 收发模块与 ST-Link V2 下载器，所有实验都有配套视频与例程源码，下单后 48 小时内发货。',
    outcomes: [
      '拿到即可上手的完整硬件环境',
      '20 个由浅入深的配套实验例程',
      'CAN 双机通信与 RS-485 组网实验',
      '原理图与 PCB 工程文件开放下载',
    ],
    audience: '希望边学边做、需要一套可靠硬件平台的学生和工程师。',
    lessons: [
      '开箱：套件清单与硬件资源介绍',
      'ST-Link 连接与程序下载',
      '板载外设实验：OLED 与按键',
      'CAN 双机通信实验',
      '扩展实验：RS-485 组网',
    ],
  },
  {
    column: 1,
    title: 'FreeRTOS 内核原理与实战',
    teacher: '孙雅琪',
    type: 1,
    priceCents: 0,
    recommended: false,
    exam: true,
    labels: ['进阶', '免费'],
    summary: '从任务调度、队列到内存管理，结合源码讲清 FreeRTOS 的运行机制。',
    intro:
      '课程以 STM32F407 为平台移植 FreeRTOS，逐一剖析任务控制块、就绪列表、上下文切换与 PendSV 中断，并给出工程中常见的栈溢出、优先级反转问题的排查方法。',
    outcomes: [
      '理解任务调度与上下文切换的实现',
      '正确选用队列、信号量、互斥量与事件组',
      '学会估算任务栈并用钩子函数检测溢出',
      '掌握低功耗 Tickless 模式的配置',
    ],
    audience: '已经会用裸机开发、准备转向多任务系统的嵌入式工程师。',
    lessons: [
      '为什么需要 RTOS',
      '移植 FreeRTOS 到 STM32F407',
      '任务创建、调度与上下文切换',
      '队列与信号量：任务间通信',
      '互斥量与优先级继承',
      '内存管理与栈溢出检测',
    ],
  },
  {
    column: 2,
    title: 'Buck 变换器设计与环路补偿实战',
    teacher: '赵明辉',
    type: 1,
    priceCents: 14900,
    recommended: true,
    exam: true,
    labels: ['进阶', '实战', '热门'],
    summary: '以 TPS5430 为例完成一款 12 V 转 5 V/3 A 降压电源，从器件选型到波特图测量全流程实战。',
    intro:
      '课程从 Buck 拓扑的伏秒平衡讲起，推导电感与输出电容的计算公式，再用小信号模型设计 Type II/Type III 补偿网络，最后在实验室用网络分析仪测量环路增益，验证相位裕度。',
    outcomes: [
      '根据纹波与瞬态指标计算电感和电容',
      '理解电压模式与电流模式控制的差异',
      '设计补偿网络并用仿真验证',
      '掌握 Buck 电路的 PCB 布局要点',
    ],
    audience: '有一定模拟电路基础、需要独立设计板级电源的硬件工程师。',
    lessons: [
      'Buck 拓扑与伏秒平衡',
      '电感选型：纹波电流与饱和电流',
      '输出电容与 ESR 零点',
      '小信号模型与传递函数',
      'Type II 与 Type III 补偿网络设计',
      '环路测量：注入法与波特图',
      'PCB 布局与 EMI 抑制',
    ],
  },
  {
    column: 2,
    title: '线性稳压器与 LDO 应用入门',
    teacher: '赵明辉',
    type: 1,
    priceCents: 0,
    recommended: false,
    exam: false,
    labels: ['入门', '免费'],
    summary: '用四节课讲清 LM317、AMS1117 等线性稳压器的工作原理、散热计算与典型应用。',
    intro:
      '线性稳压器结构简单、噪声低，是板级电源中最常见的器件。本课程结合 LM317 可调电路和 LDO 选型实例，帮你避开压差不足、输出振荡和过热这些常见坑。',
    outcomes: [
      '理解线性稳压器的调整管与误差放大器',
      '计算功耗与结温，选择合适封装',
      '掌握 LDO 输出电容稳定性要求',
      '了解 PSRR 与噪声指标的含义',
    ],
    audience: '电子相关专业学生及刚入职的硬件工程师。',
    lessons: [
      '线性稳压器的基本结构',
      'LM317 可调稳压电路设计',
      'LDO 的压差、PSRR 与噪声',
      '散热计算与封装选择',
    ],
  },
  {
    column: 3,
    title: '运算放大器应用与稳定性分析',
    teacher: '周文涛',
    type: 1,
    priceCents: 9900,
    recommended: false,
    exam: true,
    labels: ['进阶'],
    summary: '从理想运放到真实参数，系统讲解运放电路设计、误差分析与稳定性补偿。',
    intro:
      '课程覆盖同相/反相放大、差分与仪表放大器、有源滤波器等常用电路，重点分析失调、噪声、带宽和容性负载导致的振荡问题，并给出 AD8605 等精密运放的选型思路。',
    outcomes: [
      '读懂运放数据手册中的关键参数',
      '完成传感器信号链的误差预算',
      '用相位裕度判断并解决运放振荡',
      '设计 Sallen-Key 与 MFB 有源滤波器',
    ],
    audience: '从事传感器、仪器仪表或音频电路设计的工程师。',
    lessons: [
      '理想运放与虚短虚断',
      '失调电压、偏置电流与误差预算',
      '运放噪声分析',
      '差分放大与仪表放大器',
      '有源滤波器设计',
      '容性负载与稳定性补偿',
    ],
  },
  {
    column: 4,
    title: 'ESP32 物联网开发：Wi-Fi、BLE 与云端接入',
    teacher: '黄立军',
    type: 1,
    priceCents: 0,
    recommended: true,
    exam: false,
    labels: ['入门', '免费', '实战'],
    summary: '基于 ESP-IDF 完成一个可配网、可远程控制、支持 OTA 升级的智能插座。',
    intro:
      '课程使用 ESP32-C3 与 ESP32-S3 开发板，从 ESP-IDF 工程结构讲起，依次实现 Wi-Fi 配网、BLE GATT 服务、MQTT 上云和 OTA 升级，并实测各种低功耗模式下的电流。',
    outcomes: [
      '熟悉 ESP-IDF 构建系统与 menuconfig',
      '实现 SmartConfig 与 BLE 配网',
      '通过 MQTT 接入云平台并下发控制指令',
      '完成安全的 OTA 固件升级',
    ],
    audience: '想快速做出联网硬件产品的嵌入式开发者与创客。',
    lessons: [
      'ESP-IDF 环境搭建',
      'FreeRTOS 任务与事件循环',
      'Wi-Fi STA 模式与配网',
      'BLE GATT 服务开发',
      'MQTT 接入云平台',
      'NVS 存储与设备参数管理',
      'OTA 升级与回滚',
      '低功耗模式实测',
    ],
  },
  {
    column: 4,
    title: 'LoRa 低功耗广域网组网实践',
    teacher: '黄立军',
    type: 1,
    priceCents: 6900,
    recommended: false,
    exam: false,
    labels: ['实战', '项目驱动'],
    summary: '用 SX1278 模块搭建点对点与星型 LoRa 网络，完成链路预算与电池寿命评估。',
    intro:
      '课程讲解 LoRa 调制的扩频因子、带宽与编码率对距离和速率的影响，并带你完成一个农业大棚温湿度监测网络，包括网关、节点与数据平台。',
    outcomes: [
      '理解 LoRa 调制参数与链路预算',
      '编写节点驱动与低功耗休眠逻辑',
      '搭建单通道网关并接入平台',
      '估算节点电池寿命',
    ],
    audience: '从事无线抄表、农业物联网、资产追踪的开发者。',
    lessons: [
      'LoRa 与 LoRaWAN 概述',
      '扩频因子、带宽与链路预算',
      'SX1278 驱动与点对点通信',
      '网关搭建与数据上云',
      '节点低功耗与电池寿命评估',
    ],
  },
  {
    column: 5,
    title: '射频电路与天线匹配入门',
    teacher: '吴佳',
    type: 1,
    priceCents: 0,
    recommended: false,
    exam: false,
    labels: ['入门', '免费'],
    summary: '用 Smith 圆图、矢量网络分析仪和一块 2.4 GHz 板子，讲清阻抗匹配与天线调试。',
    intro:
      '很多工程师第一次调射频电路都无从下手。本课程从传输线与反射系数讲起，手把手用 Smith 圆图设计 L 型匹配网络，并在 2.4 GHz 倒 F 天线上完成实际调试。',
    outcomes: [
      '理解特性阻抗、反射系数与驻波比',
      '熟练使用 Smith 圆图设计匹配网络',
      '掌握矢量网络分析仪的校准与测量',
      '完成 PCB 天线的调谐',
    ],
    audience: '需要接手无线产品硬件的工程师与高年级本科生。',
    lessons: [
      '传输线与特性阻抗',
      '反射系数、回波损耗与驻波比',
      'Smith 圆图与 L 型匹配',
      '矢量网络分析仪校准与测量',
      '2.4 GHz PCB 天线调试',
    ],
  },
  {
    column: 6,
    title: '硬件工程师面试 60 问',
    teacher: '郑凯',
    type: 1,
    priceCents: 4900,
    recommended: false,
    exam: false,
    labels: ['进阶'],
    summary: '整理一线企业硬件岗高频面试题，按电源、模拟、数字与项目经验分类精讲。',
    intro:
      '主讲人曾在多家通信与消费电子企业担任面试官。课程不是题库背诵，而是讲清每道题考察的能力点，以及如何结合自己的项目经历作答。',
    outcomes: [
      '掌握电源、模拟、数字电路高频考点',
      '学会用 STAR 法描述项目经历',
      '了解笔试常见计算题的解题套路',
      '准备一份有竞争力的硬件简历',
    ],
    audience: '应届生与工作 1–3 年、准备跳槽的硬件工程师。',
    lessons: [
      '硬件岗位画像与简历准备',
      '电源类高频问题',
      '模拟电路与运放类问题',
      '数字电路、时序与接口类问题',
      '项目经历怎么讲',
      '模拟面试与复盘',
    ],
  },
  {
    column: 7,
    title: '全国大学生电子设计竞赛备赛指南',
    teacher: '何振宇',
    type: 1,
    priceCents: 0,
    recommended: false,
    exam: true,
    labels: ['入门', '免费'],
    summary: '历年电赛题型分析、团队分工与四天三夜的时间管理，附电源类与控制类赛题实战。',
    intro:
      '主讲人多次指导学生获得国赛一等奖。课程梳理电源、信号、控制、仪器四大类赛题的常用方案与模块，帮助参赛队伍提前准备好可靠的“积木”。',
    outcomes: [
      '了解电赛赛制与评分要点',
      '提前准备电源、信号源、电机驱动等通用模块',
      '掌握四天三夜的分工与进度管理',
      '学会撰写规范的设计报告',
    ],
    audience: '准备参加全国大学生电子设计竞赛及省赛的本科生。',
    lessons: [
      '赛制介绍与历年赛题分析',
      '电源类赛题：DC-DC 与逆变',
      '信号类赛题：采集、滤波与测量',
      '控制类赛题：电机与 PID',
      '团队分工与时间管理',
      '设计报告撰写',
    ],
  },
  {
    column: 7,
    title: '嵌入式系统设计师（软考中级）冲刺课',
    teacher: '郑凯',
    type: 1,
    priceCents: 19900,
    recommended: false,
    exam: true,
    labels: ['认证', '进阶'],
    summary: '覆盖软考嵌入式系统设计师全部考纲，真题精讲与案例分析专项突破。',
    intro:
      '课程按考纲梳理计算机组成、嵌入式硬件、操作系统、软件工程和案例分析五大模块，精讲近五年真题，总结案例题的答题模板。',
    outcomes: [
      '系统梳理考纲知识点',
      '掌握上午选择题的高频考点',
      '熟悉下午案例分析题的答题思路',
      '完成三套全真模拟',
    ],
    audience: '计划报考软考嵌入式系统设计师的在职工程师与学生。',
    lessons: [
      '考试介绍与备考规划',
      '计算机组成与体系结构',
      '嵌入式硬件基础',
      '嵌入式操作系统',
      '软件工程与项目管理',
      '案例分析专项',
      '全真模拟与讲评',
    ],
  },
];
