/**
 * The text of the demo download 《STM32F103 参考手册中文版》 (issue 28: a "reference manual"
 * was a one-page PDF): the chapters of a reference manual for the STM32F103 (medium density),
 * each on its own pages, with register tables written as aligned lists.
 */
export type Doc = { heading: string; paragraphs: string[] }[];

export const STM32F103_MANUAL: Doc = [
  {
    heading: '1 文档约定与存储器映射',
    paragraphs: [
      '本手册适用于 STM32F103x8/xB（中容量）器件：Cortex-M3 内核，最高 72 MHz，64/128 KB Flash，20 KB SRAM。寄存器名称沿用 ST 官方缩写，位域写作 寄存器[位]，例如 RCC_CR[HSEON]；rw 表示可读写，rc_w1 表示写 1 清零，r 表示只读。',
      '4 GB 地址空间按用途划分：0x0000 0000 起为启动别名区（由 BOOT0/BOOT1 决定映射到 Flash、系统存储器或 SRAM）；0x0800 0000 起为主 Flash；0x1FFF F000 起为系统存储器（内置 USART 引导程序）；0x2000 0000 起为 SRAM；0x4000 0000 起为外设；0xE000 0000 起为内核私有外设（NVIC、SysTick、SCB）。',
      '外设基地址速查：',
      '· 0x4000 0000 TIM2　　· 0x4000 0400 TIM3　　· 0x4000 4400 USART2　　· 0x4000 5400 I2C1',
      '· 0x4001 0000 AFIO　　· 0x4001 0800 GPIOA　　· 0x4001 0C00 GPIOB　　· 0x4001 2400 ADC1',
      '· 0x4001 2C00 TIM1　　· 0x4001 3000 SPI1　　· 0x4001 3800 USART1　　· 0x4002 0000 DMA1　　· 0x4002 1000 RCC',
      'SRAM 与外设区各有 1 MB 的位带区，通过别名地址 = 位带别名基址 + 字节偏移 × 32 + 位号 × 4 可以对单个位原子读写。',
    ],
  },
  {
    heading: '2 电源控制（PWR）',
    paragraphs: [
      'VDD 供电范围 2.0–3.6 V，内部调压器输出 1.8 V 给内核。VDDA/VSSA 为 ADC 与复位电路供电，必须与 VDD/VSS 同时接入，建议经磁珠并加 1 μF + 10 nF 去耦。VBAT 在主电源掉电时为 RTC 与备份寄存器供电。',
      '上电复位（POR）与掉电复位（PDR）的门限约为 1.92 V，带 40 mV 迟滞。可编程电压检测器（PVD）通过 PWR_CR[PLS] 选择 2.2–2.9 V 的门限，越限时经 EXTI16 触发中断，可用于掉电前保存数据。',
      '三种低功耗模式：睡眠模式（仅内核停止，任意中断唤醒）；停止模式（1.8 V 域时钟全部关闭，SRAM 与寄存器内容保持，任意 EXTI 唤醒，唤醒后系统时钟为 HSI，需重新配置 PLL）；待机模式（调压器关闭，仅备份域保留，WKUP 引脚、RTC 闹钟、NRST 或 IWDG 唤醒，唤醒等同复位）。',
      '进入停止模式的顺序：置位 SCB->SCR[SLEEPDEEP]，清除 PWR_CR[PDDS]，按需置位 PWR_CR[LPDS] 让调压器进入低功耗，最后执行 WFI 或 WFE。',
    ],
  },
  {
    heading: '3 复位与时钟控制（RCC）',
    paragraphs: [
      '复位源：NRST 引脚、POR/PDR、软件复位（SCB->AIRCR[SYSRESETREQ]）、独立看门狗、窗口看门狗和低功耗管理复位；RCC_CSR 记录最近一次复位原因，写 RMVF 清除。',
      '时钟源：HSI 8 MHz 内部 RC（出厂校准 ±1%）；HSE 4–16 MHz 外部晶振或外部时钟；LSI 约 40 kHz，供独立看门狗；LSE 32.768 kHz，供 RTC；PLL 输入可选 HSI/2 或 HSE（可再 2 分频），倍频 ×2 到 ×16，输出不超过 72 MHz。',
      '典型配置（HSE 8 MHz → 72 MHz）：',
      '1. 置位 RCC_CR[HSEON]，等待 HSERDY；',
      '2. 设置 FLASH_ACR[LATENCY] = 2（48–72 MHz 需 2 个等待周期），并打开预取缓冲 PRFTBE；',
      '3. RCC_CFGR：HPRE = /1，PPRE1 = /2（APB1 36 MHz），PPRE2 = /1，PLLSRC = HSE，PLLMUL = ×9；',
      '4. 置位 RCC_CR[PLLON]，等待 PLLRDY；把 SW 设为 PLL，并等待 SWS 确认切换完成。',
      '总线与外设时钟：AHB 最高 72 MHz，APB1 最高 36 MHz，APB2 最高 72 MHz。APB 预分频不为 1 时，该总线上定时器的时钟为 PCLK 的 2 倍。ADC 时钟由 PCLK2 经 ADCPRE（/2、/4、/6、/8）得到，不得超过 14 MHz，72 MHz 时取 /6 得 12 MHz。USB 需要 48 MHz，PLL 输出 72 MHz 时 USBPRE 选 1.5 分频。',
      '外设使用前必须在 RCC_AHBENR、RCC_APB2ENR 或 RCC_APB1ENR 中开启时钟；未开时钟的外设寄存器读出为 0，写入无效。时钟安全系统（RCC_CR[CSSON]）在 HSE 失效时自动切回 HSI 并产生 NMI。',
    ],
  },
  {
    heading: '4 通用输入输出（GPIO）与复用功能（AFIO）',
    paragraphs: [
      '每个端口 16 个引脚，由 GPIOx_CRL（引脚 0–7）与 GPIOx_CRH（引脚 8–15）配置，每个引脚占 4 位：MODE[1:0] 选择输入（00）或输出速度（01 = 10 MHz，10 = 2 MHz，11 = 50 MHz），CNF[1:0] 选择具体模式。',
      '常用组合（CNF:MODE，十六进制）：',
      '· 0x0 模拟输入（ADC 通道）　　· 0x4 浮空输入（复位值）　　· 0x8 上拉/下拉输入（由 ODR 对应位选上拉或下拉）',
      '· 0x3 推挽输出 50 MHz　　· 0x7 开漏输出 50 MHz　　· 0xB 复用推挽 50 MHz（USART TX、SPI SCK）　　· 0xF 复用开漏 50 MHz（I2C）',
      'GPIOx_IDR 读引脚电平，GPIOx_ODR 写输出电平。GPIOx_BSRR 的低 16 位置位、高 16 位复位，一次写入即可原子地改变若干引脚，不存在读—改—写竞争；GPIOx_BRR 仅复位。GPIOx_LCKR 按规定的写序列锁定引脚配置，直到下一次复位。',
      'AFIO_MAPR 用于复用功能重映射，例如 USART1 的 TX/RX 从 PA9/PA10 映射到 PB6/PB7；SWJ_CFG 位可关闭 JTAG 而保留 SWD，从而释放 PA15、PB3、PB4。AFIO_EXTICR1–4 为每条 EXTI 线选择端口。使用重映射或 EXTI 前需开启 AFIO 时钟（RCC_APB2ENR[AFIOEN]）。',
    ],
  },
  {
    heading: '5 中断与事件（NVIC、EXTI）',
    paragraphs: [
      'STM32F103 使用 4 位优先级，通过 SCB->AIRCR[PRIGROUP] 划分抢占优先级与子优先级，例如 NVIC_PriorityGroup_2 为 2 位抢占、2 位子优先级。数值越小优先级越高；只有抢占优先级更高的中断才能嵌套。',
      '中断向量表位于 0x0800 0000（可由 SCB->VTOR 重定位，用于引导程序跳转），前 16 项为内核异常，其后为外设中断，例如 EXTI0 为 IRQ6，TIM2 为 IRQ28，USART1 为 IRQ37。',
      'EXTI 有 19 条线：EXTI0–15 对应各端口同号引脚（同一时刻每条线只能连一个端口），EXTI16 为 PVD，EXTI17 为 RTC 闹钟，EXTI18 为 USB 唤醒。配置步骤：AFIO_EXTICR 选端口，EXTI_RTSR/FTSR 选边沿，EXTI_IMR 打开中断，NVIC 使能对应 IRQ。',
      '中断服务函数中必须向 EXTI_PR 对应位写 1 清除挂起标志，否则退出后会立即再次进入。EXTI5–9 与 EXTI10–15 共用中断向量，需在服务函数中查询 EXTI_PR 区分来源。',
    ],
  },
  {
    heading: '6 DMA 控制器',
    paragraphs: [
      'DMA1 有 7 个通道，每个通道在 AHB 上为外设与存储器之间搬运数据，支持 8/16/32 位宽、地址自增、循环模式与存储器到存储器模式。',
      '常用请求映射：',
      '· 通道 1：ADC1　　· 通道 2：SPI1_RX、USART3_TX　　· 通道 3：SPI1_TX、USART3_RX',
      '· 通道 4：USART1_TX、I2C2_TX　　· 通道 5：USART1_RX、I2C2_RX　　· 通道 6：USART2_RX、I2C1_TX　　· 通道 7：USART2_TX、I2C1_RX',
      '配置顺序：在 DMA_CPARx 写外设地址，在 DMA_CMARx 写存储器地址，在 DMA_CNDTRx 写传输数量，在 DMA_CCRx 设方向（DIR）、地址增量（MINC/PINC）、数据宽度（MSIZE/PSIZE）、优先级（PL）、循环（CIRC）和中断使能（TCIE、HTIE），最后置位 EN。通道使能期间不能修改这些寄存器。',
      '半传输（HT）与传输完成（TC）中断配合循环模式可实现双缓冲：处理前半缓冲时 DMA 正在写后半缓冲。DMA_IFCR 写 1 清除标志。',
    ],
  },
  {
    heading: '7 模数转换器（ADC）',
    paragraphs: [
      'ADC1 与 ADC2 为 12 位逐次逼近型，输入范围 0–VREF+（100 脚以下的封装 VREF+ 在内部与 VDDA 相连），16 个外部通道加内部温度传感器（通道 16）与 VREFINT（通道 17，约 1.20 V）。',
      '转换时间 = 采样时间 + 12.5 个 ADC 周期，采样时间由 ADC_SMPR1/2 在 1.5 到 239.5 周期之间选择。ADCCLK = 12 MHz、采样 1.5 周期时，单次转换 14 个周期约 1.17 μs；14 MHz 时为 1 μs。信号源阻抗较高时应延长采样时间，或在输入端加缓冲运放与电容。',
      '规则组最多 16 个通道（ADC_SQR1–3 排序），结果写入 ADC_DR，多通道扫描需配合 DMA；注入组最多 4 个通道（ADC_JSQR），各有独立的数据寄存器，可由定时器触发插入转换。',
      '上电后置位 ADON 唤醒 ADC，等待至少 2 个 ADC 时钟周期，然后执行复位校准（RSTCAL）与校准（CAL），两者完成后再开始转换。双 ADC 模式可同步采样两路信号，用于功率测量中电压、电流的同时采集。',
    ],
  },
  {
    heading: '8 定时器（TIM1–TIM4）',
    paragraphs: [
      'TIM1 为高级控制定时器（APB2），TIM2–TIM4 为通用定时器（APB1），均为 16 位，带 16 位预分频器和 4 个捕获/比较通道。计数频率 = TIMxCLK / (PSC + 1)，更新频率 = 计数频率 / (ARR + 1)。',
      '例：TIMxCLK = 72 MHz，PSC = 71，ARR = 999，得到 1 MHz 计数、1 kHz 更新，即 1 ms 时基。',
      'PWM 模式 1 下，CNT < CCRx 时输出有效电平；占空比 = CCRx / (ARR + 1)。需置位 CCMRx 中的 OCxPE 与 CR1 中的 ARPE 使用预装载，避免修改时产生毛刺。TIM1 的输出还需置位 BDTR[MOE]，并可通过 BDTR[DTG] 插入死区、通过 BKIN 引脚实现硬件刹车，适合半桥与电机驱动。',
      '输入捕获可测周期与脉宽：CCMRx 的 CCxS 选择输入映射，ICxF 设置数字滤波，CCER 选择边沿；PWM 输入模式用两个通道同时捕获周期与高电平时间。编码器接口模式（SMCR[SMS] = 011）直接对正交编码器 A/B 相四倍频计数。',
    ],
  },
  {
    heading: '9 通用同步异步收发器（USART）',
    paragraphs: [
      'USART1 位于 APB2，USART2/3 位于 APB1。帧格式由 CR1[M]（8 或 9 位数据）、CR1[PCE/PS]（校验）与 CR2[STOP]（1、0.5、2、1.5 个停止位）决定。',
      '波特率寄存器 USART_BRR = fPCLK / (16 × 波特率)，整数部分写 DIV_Mantissa，小数部分 × 16 写 DIV_Fraction。例：PCLK2 = 72 MHz、115200 bit/s 时 USARTDIV = 39.0625，BRR = 0x271；PCLK1 = 36 MHz 时 USARTDIV = 19.53，BRR 约为 0x138。',
      '发送：等待 SR[TXE] 置位后写 DR；最后一个字节发送完毕以 SR[TC] 为准（关闭 RS-485 发送使能之前应等待 TC）。接收：SR[RXNE] 置位时读 DR；读 SR 再读 DR 可清除 ORE、NE、FE 等错误标志。',
      '空闲线检测（SR[IDLE]）与 DMA 结合，可在不知道帧长度的情况下接收不定长数据：DMA 循环写入缓冲，IDLE 中断中根据 CNDTR 计算已收字节数。',
    ],
  },
  {
    heading: '10 串行外设接口（SPI）',
    paragraphs: [
      'SPI1 位于 APB2，SPI2 位于 APB1，通信速率最高 18 MHz。CR1[BR] 选择 fPCLK 的 2 到 256 分频，CPOL/CPHA 组合出 4 种模式，DFF 选择 8 或 16 位帧，LSBFIRST 选择位序。',
      '主机模式下若用软件管理片选，应置位 SSM 与 SSI，否则 NSS 引脚为低会触发模式故障（MODF）并退出主机模式。',
      '全双工收发时每写一次 DR 就会收到一个字节：写 DR 前等待 TXE，读 DR 前等待 RXNE；关闭 SPI 前等待 BSY 清零。使用 DMA 时需同时配置 RX 与 TX 两个通道。',
    ],
  },
  {
    heading: '11 I2C 接口',
    paragraphs: [
      'I2C1/I2C2 支持标准模式 100 kHz 与快速模式 400 kHz。CR2[FREQ] 写入 PCLK1 的 MHz 数；CCR 设定 SCL 周期，标准模式下 CCR = fPCLK1 / (2 × fSCL)，36 MHz、100 kHz 时为 180；TRISE = fPCLK1(MHz) + 1（标准模式）。',
      'SDA 与 SCL 必须配置为复用开漏（0xF），并在总线上接上拉电阻，阻值按总线电容与上升时间选取，常用 4.7 kΩ（100 kHz）或 2.2 kΩ（400 kHz）。',
      '主机发送流程：START → 等待 SB → 写从机地址 → 等待 ADDR 并读 SR1、SR2 清除 → 写数据等待 TXE/BTF → STOP。F1 系列 I2C 对事件顺序敏感，接收 1 或 2 个字节时须按参考流程提前清 ACK 或置 POS，否则会多读一个字节或总线卡死；总线卡死时可把 SCL 切回 GPIO 发 9 个时钟脉冲释放从机。',
    ],
  },
  {
    heading: '12 看门狗（IWDG、WWDG）',
    paragraphs: [
      '独立看门狗由 LSI（约 40 kHz）驱动，一旦启动不能关闭。写 IWDG_KR = 0x5555 解锁 PR 与 RLR，PR 选择 4 到 256 分频，RLR 为 12 位重装值；超时 ≈ 4 × 2^PR × (RLR + 1) / 40 kHz。喂狗写 KR = 0xAAAA，启动写 KR = 0xCCCC。',
      '由于 LSI 误差较大（30–60 kHz），超时时间应按最坏情况留足余量。',
      '窗口看门狗由 PCLK1 驱动，计数器从 0x7F 递减到 0x3F 时复位；在计数器大于窗口值 W 时喂狗同样会复位，可检测“喂得太早”的异常。提前唤醒中断（EWI）在 0x40 时触发，可用于复位前记录现场。',
    ],
  },
  {
    heading: '13 Flash 存储器编程',
    paragraphs: [
      '中容量器件 Flash 页大小为 1 KB，按半字（16 位）编程。解锁：向 FLASH_KEYR 依次写 0x4567 0123 与 0xCDEF 89AB；编程结束后置位 FLASH_CR[LOCK] 重新上锁。',
      '页擦除：置位 PER，写 FLASH_AR 为页地址，置位 STRT，等待 BSY 清零并检查 EOP。编程：置位 PG，以半字写目标地址，等待 BSY。擦除后的单元读出为 0xFFFF，只能把 1 编程为 0。',
      '选项字节可设置读保护（RDP）与写保护（WRP）。开启读保护后，取消保护会触发整片擦除。用 Flash 模拟 EEPROM 时应做磨损均衡：按记录追加写入，页满后搬移有效数据并擦除旧页（耐久约 1 万次）。',
    ],
  },
  {
    heading: '14 调试接口与启动配置',
    paragraphs: [
      'SWJ-DP 同时支持 JTAG 与 SWD；SWD 只需 SWDIO（PA13）与 SWCLK（PA14）两线。DBGMCU_CR 可让定时器与看门狗在内核被调试器暂停时停止计数，避免单步调试时看门狗复位。',
      '启动模式：BOOT0 = 0 从主 Flash 启动；BOOT0 = 1、BOOT1 = 0 从系统存储器启动，可经 USART1 用串口下载；BOOT0 = 1、BOOT1 = 1 从 SRAM 启动。',
      '96 位唯一器件 ID 位于 0x1FFF F7E8，可用于生成序列号或加密密钥；Flash 容量寄存器位于 0x1FFF F7E0，以 KB 为单位。',
    ],
  },
];
