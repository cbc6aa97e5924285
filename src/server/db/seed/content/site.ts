/** Notices, downloadable resources and learning tools. */

export const NOTICE_CATEGORIES = ['系统公告', '活动通知', '课程更新'] as const;

export interface NoticeData {
  category: (typeof NOTICE_CATEGORIES)[number];
  title: string;
  paragraphs: string[];
  daysAgo: number;
  popup?: boolean;
  /** A personal notice for member 1 (13800138001). */
  forMember1?: boolean;
}

export const NOTICES: NoticeData[] = [
  {
    category: '系统公告',
    title: '芯学堂平台服务升级公告',
    daysAgo: 1,
    popup: true,
    paragraphs: [
      '为了给大家提供更稳定、更流畅的学习体验，芯学堂已于近日完成服务器扩容与播放系统升级。',
      '本次升级后，直播与课程视频的首屏加载速度明显提升，移动端播放更加流畅；个人中心新增“我的订单”物流查询功能。',
      '如在使用过程中遇到任何问题，请通过页面底部的“关于我们”联系客服，我们将尽快处理。',
    ],
  },
  {
    category: '活动通知',
    title: '“电源设计训练营”第三期开始报名',
    daysAgo: 3,
    paragraphs: [
      '由恒拓电源与芯学堂联合举办的“电源设计训练营”第三期正式开放报名，为期四周，每周两次直播课与一次实验作业。',
      '训练营以一款 12 V 转 5 V/3 A 的同步降压电源为项目主线，涵盖器件选型、环路补偿、PCB 布局与 EMI 测试。完成全部作业的学员将获得结业证书。',
      '名额有限，报名截止后将以短信方式通知入选学员。',
    ],
  },
  {
    category: '课程更新',
    title: '《Buck 变换器设计与环路补偿实战》新增两节实验课',
    daysAgo: 5,
    paragraphs: [
      '应学员要求，课程新增“环路测量：注入法与波特图”与“PCB 布局与 EMI 抑制”两节实验课，已购学员可直接观看。',
      '实验所用的原理图、PCB 工程和测量数据已同步上传至课程资料区。',
    ],
  },
  {
    category: '系统公告',
    title: '关于加强账号安全的提醒',
    daysAgo: 7,
    paragraphs: [
      '近期发现有不法分子冒充平台客服，以“账号异常”“课程退款”为由索要短信验证码。',
      '芯学堂工作人员不会以任何理由向您索要密码或验证码。请勿将验证码告知他人，并建议定期在“安全设置”中修改密码。',
    ],
  },
  {
    category: '活动通知',
    title: '2026 嵌入式开发者大会线上分会场直播预告',
    daysAgo: 9,
    paragraphs: [
      '本届嵌入式开发者大会设立线上分会场，围绕 RISC-V、边缘 AI、功能安全三大主题安排十余场技术报告。',
      '会员登录后可在“直播间”预约观看，预约用户将在开播前收到提醒，直播结束后提供回放。',
    ],
  },
  {
    category: '课程更新',
    title: '《ESP32 物联网开发》课程升级至 ESP-IDF v5',
    daysAgo: 12,
    paragraphs: [
      '随着 ESP-IDF 主版本更新，课程中的工程模板、配网和 OTA 示例已全部迁移到 v5 版本，并补充了 ESP32-C3 的差异说明。',
      '旧版示例代码仍保留在资料区，方便使用早期版本的学员对照学习。',
    ],
  },
  {
    category: '活动通知',
    title: '邀请好友注册，双方各得优质课程兑换码',
    daysAgo: 15,
    paragraphs: [
      '即日起，在个人中心复制您的专属邀请链接分享给好友，好友通过链接完成注册后，双方均可获得一张付费课程兑换码。',
      '兑换码可在“兑换码”页面使用，有效期 90 天，每位用户最多可获得 10 张。',
    ],
  },
  {
    category: '系统公告',
    title: '隐私政策更新说明',
    daysAgo: 20,
    paragraphs: [
      '我们更新了《隐私政策》，进一步说明了个人信息的收集范围、存储地点与使用目的，并补充了未成年人个人信息保护条款。',
      '更新后的政策已在页面底部公示。继续使用本平台服务即表示您同意更新后的条款。',
    ],
  },
  {
    category: '课程更新',
    title: '“职业与考证”栏目上线软考冲刺课',
    daysAgo: 26,
    paragraphs: [
      '《嵌入式系统设计师（软考中级）冲刺课》现已上线，覆盖全部考纲与近五年真题精讲，并开放课后练习。',
      '报名本课程的学员可加入课程答疑群，由主讲老师定期答疑。',
    ],
  },
  {
    category: '系统公告',
    title: '您购买的开发板套件已发货',
    daysAgo: 2,
    forMember1: true,
    paragraphs: [
      '您购买的《STM32F103 开发板套件（含配套视频课程）》已由顺丰速运发出，可在“我的订单”中查看物流详情。',
      '收到套件后如发现缺件或运输损坏，请在 7 日内联系客服处理。',
    ],
  },
];

export interface ResourceData {
  title: string;
  summary: string;
  slug: string;
  fileType: 'PDF' | 'ZIP' | 'XLSX' | 'DOCX';
  /** Index into the seeded companies, when a partner published it. */
  company?: number;
}

export const RESOURCES: ResourceData[] = [
  {
    title: '《STM32F103 参考手册中文版》',
    summary: '涵盖时钟、GPIO、定时器、DMA、ADC 与通信外设的寄存器说明。',
    slug: 'stm32f103-reference-manual-cn',
    fileType: 'PDF',
    company: 0,
  },
  {
    title: '《开关电源环路补偿计算表》',
    summary: 'Type II/Type III 补偿网络参数计算与波特图绘制模板。',
    slug: 'loop-compensation-calculator',
    fileType: 'XLSX',
    company: 2,
  },
  {
    title: '《TPS5430 降压电源参考设计》',
    summary:
      '24 V 转 5 V/3 A 降压电源：设计计算书与计算脚本、原理图网表、BOM、PCB 布局说明与测试报告，附 3.3 V 输出的改法。',
    slug: 'tps5430-reference-design',
    fileType: 'ZIP',
  },
  {
    title: '《运算放大器选型指南》',
    summary: '精密、低噪声、高速与低功耗运放的参数对比与选型流程。',
    slug: 'opamp-selection-guide',
    fileType: 'PDF',
    company: 1,
  },
  {
    title: '《ESP32 硬件设计指南》',
    summary:
      '电源与掉电检测、启动引脚、晶振、射频与天线布局、低功耗、分区表与 OTA 的设计要点与检查表。',
    slug: 'esp32-hardware-design-guide',
    fileType: 'PDF',
    company: 8,
  },
  {
    title: '《CAN 总线位时序计算工具》',
    summary: '输入时钟与波特率，自动给出预分频与采样点配置。',
    slug: 'can-bit-timing-tool',
    fileType: 'XLSX',
    company: 4,
  },
  {
    title: '《PCB 设计检查表（硬件评审版）》',
    summary: '原理图与 PCB 评审的 120 条检查项。',
    slug: 'pcb-review-checklist',
    fileType: 'DOCX',
  },
  {
    title: '《LM317 应用电路合集》',
    summary: '恒压、恒流、软启动与跟踪电源等 12 种典型电路。',
    slug: 'lm317-application-circuits',
    fileType: 'PDF',
  },
  {
    title: '《FreeRTOS 内核源码注释版》',
    summary:
      'tasks.c、queue.c 与 port.c（Cortex-M3）主干代码的逐行中文注释，附 STM32F103 上可编译运行的任务、队列与互斥量示例工程。',
    slug: 'freertos-kernel-annotated',
    fileType: 'ZIP',
  },
  {
    title: '《射频阻抗匹配实验手册》',
    summary:
      '功率单位换算、50 Ω 微带线、Smith 圆图、L 型与 π 型匹配计算和矢量网络分析仪测量等六个实验。',
    slug: 'rf-matching-lab-manual',
    fileType: 'PDF',
    company: 3,
  },
  {
    title: '《硬件工程师面试题集 2026 版》',
    summary:
      '电源、模拟、数字与接口、单片机、信号完整性与 EMC、项目经验六章 42 题，每题附带推导与数值的参考答案。',
    slug: 'hardware-interview-questions-2026',
    fileType: 'PDF',
  },
  {
    title: '《电子设计竞赛历年赛题汇编》',
    summary:
      '全国大学生电子设计竞赛各类赛题的考点整理，附一个完整示例作品：STM32 频率计的源码、BOM、网表与测试报告。',
    slug: 'nuedc-problems-collection',
    fileType: 'ZIP',
  },
];

export interface ToolData {
  name: string;
  description: string;
  url: string;
  icon: string;
  category: string;
}

export const LEARNING_TOOLS: ToolData[] = [
  {
    name: '电阻色环计算器',
    description: '输入四环或五环颜色，计算阻值与误差。',
    url: '/tool/resistor',
    icon: 'resistor',
    category: '常用计算',
  },
  {
    name: 'LDO 功耗计算',
    description: '根据输入输出电压、负载电流和热阻估算功耗与结温。',
    url: '/tool/ldo',
    icon: 'thermometer',
    category: '电源',
  },
  {
    name: '单位换算',
    description: 'dBm 与 mW、dBμV 与 V、AWG 与截面积等常用换算。',
    url: '/tool/units',
    icon: 'convert',
    category: '常用计算',
  },
  {
    name: 'RC / LC 滤波器计算',
    description: '一阶 RC 截止频率、LC 谐振频率与串联 RLC 品质因数。',
    url: '/tool/filter',
    icon: 'waveform',
    category: '模拟',
  },
  {
    name: 'PCB 线宽计算',
    description: '依据 IPC-2221 估算给定电流与温升下的走线宽度。',
    url: '/tool/trace-width',
    icon: 'pcb',
    category: 'PCB',
  },
  {
    name: '分压电阻计算',
    description: '按 E24/E96 系列给出最接近目标电压的电阻组合。',
    url: '/tool/divider',
    icon: 'divider',
    category: '常用计算',
  },
  {
    name: 'LED 限流电阻计算',
    description: '按电源电压、正向压降与电流给出 E24 限流电阻及其功率。',
    url: '/tool/led',
    icon: 'divider',
    category: '常用计算',
  },
  {
    name: '微带线阻抗计算',
    description: '根据介电常数、介质厚度、线宽与铜厚估算微带线特性阻抗（IPC-2141A）。',
    url: '/tool/microstrip',
    icon: 'antenna',
    category: 'PCB',
  },
  {
    name: 'Buck 电感计算',
    description: '根据纹波率计算降压电路的电感值与峰值电流，并估算各项损耗与效率。',
    url: '/tool/buck',
    icon: 'coil',
    category: '电源',
  },
  {
    name: '555 定时器计算',
    description: '无稳态与单稳态电路的频率、占空比与脉宽计算。',
    url: '/tool/timer555',
    icon: 'clock',
    category: '常用计算',
  },
  {
    name: '在线 Smith 圆图',
    description: '输入负载阻抗，计算反射系数、驻波比与回波损耗，并在 Smith 圆图上标出。',
    url: '/tool/smith',
    icon: 'smith',
    category: '射频',
  },
];
