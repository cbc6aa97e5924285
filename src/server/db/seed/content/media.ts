/** Live broadcasts, public-course videos and short videos. */

export interface LiveData {
  title: string;
  speaker: string;
  /** Index into the seeded companies. */
  company: number;
  summary: string;
  agenda: string[];
  exam: boolean;
  recommended: boolean;
  /** Player embed for broadcasts hosted by a third-party player. */
  iframe?: string;
}

/** In time order: two ended, two live now, two upcoming (see media.ts). */
export const LIVES: LiveData[] = [
  {
    title: '高效率 DC-DC 设计研讨会：从拓扑选择到 EMI 优化',
    speaker: '恒拓电源 应用工程经理 赵明辉',
    company: 2,
    summary: '结合三个真实客户案例，讲解同步 Buck 的器件选型、环路补偿与 EMI 整改思路。',
    agenda: [
      '同步 Buck 拓扑与关键器件选型',
      '环路补偿设计与实测',
      '传导与辐射 EMI 整改案例',
      '现场答疑',
    ],
    exam: true,
    recommended: true,
  },
  {
    title: '精密信号链设计：24 位 ADC 与低噪声运放实战',
    speaker: '启明微电子 资深 FAE 周文涛',
    company: 1,
    summary: '从传感器到 ADC 的完整信号链误差预算，演示称重与温度测量两个参考设计。',
    agenda: [
      '信号链误差预算方法',
      '低噪声运放与参考源选型',
      '称重参考设计演示',
      '温度测量参考设计演示',
    ],
    exam: false,
    recommended: false,
  },
  {
    title: 'ESP32-S3 边缘 AI 实战：本地语音识别与图像分类',
    speaker: '联创物联 技术总监 黄立军',
    company: 8,
    summary: '现场演示在 ESP32-S3 上运行唤醒词检测与人脸检测，并分享模型量化与内存优化经验。',
    agenda: [
      'ESP32-S3 向量指令与 AI 加速',
      '唤醒词模型训练与部署',
      '摄像头接入与人脸检测',
      '内存优化与功耗实测',
    ],
    exam: true,
    recommended: true,
    iframe:
      '<iframe src="https://player.polyv.net/live/watch/3871205?autoplay=1" width="100%" height="100%" frameborder="0" allowfullscreen></iframe>',
  },
  {
    title: '车规级 CAN FD 收发器选型与网络设计',
    speaker: '北辰汽车电子 系统工程师 孟凡宇',
    company: 4,
    summary: '解析 CAN FD 物理层的关键参数，分享车身域控制器的网络拓扑与 EMC 设计经验。',
    agenda: [
      'CAN FD 物理层与收发器关键参数',
      '环路延迟与采样点设置',
      '网络拓扑与终端匹配',
      'ISO 11898-2 一致性测试要点',
    ],
    exam: false,
    recommended: true,
  },
  {
    title: '国产 32 位 MCU 电机控制方案详解',
    speaker: '华芯半导体 电机控制专家 刘建国',
    company: 0,
    summary: '基于华芯 MCU 的无感 FOC 方案，涵盖电流采样、观测器调参与量产测试。',
    agenda: [
      '无感 FOC 原理回顾',
      '三电阻与单电阻电流采样',
      '滑模观测器调参技巧',
      '量产测试与保护策略',
    ],
    exam: true,
    recommended: true,
  },
  {
    title: '示波器使用进阶：抓住偶发故障的触发技巧',
    speaker: '致远测控 应用工程师 钱晓东',
    company: 6,
    summary: '讲解脉宽、欠幅、建立保持等高级触发以及分段存储的用法，快速定位偶发问题。',
    agenda: ['探头选择与接地', '高级触发类型', '分段存储与历史回放', '串行总线解码'],
    exam: false,
    recommended: false,
  },
];

export interface VideoData {
  title: string;
  summary: string;
  /** Index into the course columns. */
  column: number;
  minutes: number;
}

export const VIDEOS: VideoData[] = [
  {
    title: '公开课：STM32 时钟树十分钟讲透',
    summary: '用一张图讲清 HSE、PLL 与各总线时钟的关系。',
    column: 0,
    minutes: 12,
  },
  {
    title: '公开课：HAL 库与寄存器开发对比',
    summary: '同一个串口收发功能，两种写法的代码量与效率对比。',
    column: 0,
    minutes: 18,
  },
  {
    title: '公开课：FreeRTOS 任务切换过程可视化',
    summary: '借助调试器单步观察 PendSV 中的上下文切换。',
    column: 1,
    minutes: 21,
  },
  {
    title: '公开课：Buck 电路波形逐点解读',
    summary: '开关节点、电感电流与输出纹波波形一一对应讲解。',
    column: 2,
    minutes: 16,
  },
  {
    title: '公开课：用网络分析仪测量电源环路',
    summary: '注入变压器接法、注入幅度选择与结果判读。',
    column: 2,
    minutes: 24,
  },
  {
    title: '公开课：运放振荡现场复现与解决',
    summary: '驱动 1 nF 容性负载时的振荡现象与三种补偿方法。',
    column: 3,
    minutes: 15,
  },
  {
    title: '公开课：ESP32 十分钟接入 MQTT',
    summary: '从创建工程到在云端看到设备数据的完整演示。',
    column: 4,
    minutes: 11,
  },
  {
    title: '公开课：矢量网络分析仪校准实操',
    summary: 'SOLT 校准步骤与常见错误，附 2.4 GHz 天线测量。',
    column: 5,
    minutes: 19,
  },
  {
    title: '公开课：硬件工程师简历逐行点评',
    summary: '三份真实简历的修改前后对比。',
    column: 6,
    minutes: 26,
  },
  {
    title: '公开课：电赛电源题的模块化准备',
    summary: '如何提前准备可靠的 DC-DC、逆变与测量模块。',
    column: 7,
    minutes: 22,
  },
];

export interface ShortVideoData {
  title: string;
  author: string;
  seconds: number;
}

export const SHORT_VIDEOS: ShortVideoData[] = [
  { title: '30秒看懂MOS管米勒平台', author: '电源老张', seconds: 32 },
  { title: '一分钟学会看电阻色环', author: '芯学堂', seconds: 58 },
  { title: '为什么 I2C 需要上拉电阻', author: '嵌入式小王', seconds: 45 },
  { title: '示波器探头接地弹簧有多重要', author: '致远测控', seconds: 40 },
  { title: '三秒判断电解电容极性', author: '芯学堂', seconds: 25 },
  { title: 'Buck 电路电感啸叫的原因', author: '电源老张', seconds: 55 },
  { title: 'LDO 为什么会发烫', author: '芯学堂', seconds: 38 },
  { title: '手把手焊接 0402 贴片电阻', author: '硬件阿杰', seconds: 60 },
  { title: 'CAN 终端电阻测一测就知道', author: '北辰汽车电子', seconds: 42 },
  { title: '用热风枪拆 QFN 芯片的技巧', author: '硬件阿杰', seconds: 59 },
  { title: 'ESP32 深度睡眠电流实测', author: '联创物联', seconds: 47 },
  { title: '运放虚短虚断一次讲明白', author: '模拟小课堂', seconds: 50 },
  { title: '看懂 Smith 圆图的第一步', author: '凌波射频', seconds: 56 },
  { title: '万用表测二极管的正确姿势', author: '芯学堂', seconds: 35 },
  { title: 'PCB 泪滴到底有没有用', author: '画板老李', seconds: 44 },
  { title: '磁珠和电感有什么区别', author: '模拟小课堂', seconds: 52 },
  { title: '晶振不起振的五个原因', author: '嵌入式小王', seconds: 58 },
  { title: 'TVS 管怎么选型', author: '电源老张', seconds: 49 },
  { title: '差分信号为什么抗干扰', author: '画板老李', seconds: 41 },
  { title: '一分钟了解 SiC MOSFET', author: '北辰汽车电子', seconds: 57 },
];
