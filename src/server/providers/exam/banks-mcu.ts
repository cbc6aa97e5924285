/**
 * Question banks of the demo exam service for the MCU and embedded courses
 * (STM32F103, FreeRTOS, 软考嵌入式系统设计师). Each question stores the index
 * of its right option; the positions vary.
 */
import type { Question } from './types.ts';

export const STM32F103: Question[] = [
  {
    q: 'STM32F103 的 ADC 时钟（ADCCLK）最高允许多少？',
    options: ['72 MHz', '36 MHz', '14 MHz', '28 MHz'],
    answer: 2,
  },
  {
    q: '用 8 MHz HSE 经 PLL 得到 72 MHz 系统时钟，RCC_CFGR 中 PLLMUL 应配置为？',
    options: ['×6', '×9', '×12', '×8'],
    answer: 1,
  },
  {
    q: 'SYSCLK = 72 MHz 时，APB1 总线（PCLK1）允许的最高频率是？',
    options: ['36 MHz', '72 MHz', '18 MHz', '48 MHz'],
    answer: 0,
  },
  {
    q: '把 PA1 配置为 50 MHz 推挽输出，GPIOA->CRL 中该引脚的 4 位（CNF[1:0]:MODE[1:0]）应写入？',
    options: ['0x4', '0x8', '0x3', '0xB'],
    answer: 2,
  },
  {
    q: '要在中断与主循环都可能操作 GPIOA 的情况下原子地把 PA5 置 1，应当？',
    options: [
      'GPIOA->ODR |= 1 << 5;',
      'GPIOA->IDR = 1 << 5;',
      'GPIOA->CRL = 1 << 5;',
      'GPIOA->BSRR = 1 << 5;',
    ],
    answer: 3,
  },
  {
    q: '寄存器方式使用 USART1 之前，必须先做的一步是？',
    options: [
      '先调用 HAL_Delay 等待外设稳定',
      '在 RCC->APB2ENR 中打开 USART1（及所用 GPIO 端口）的时钟',
      '先在 NVIC 中把优先级设为 0',
      '先关闭 SysTick',
    ],
    answer: 1,
  },
  {
    q: 'PCLK2 = 72 MHz，USART1 波特率 115200（16 倍过采样），USART_BRR 应写入？',
    options: ['0x138', '0x4E2', '0x271', '0x9C4'],
    answer: 2,
  },
  {
    q: 'APB1 预分频为 2（PCLK1 = 36 MHz）时，TIM2 的计数时钟是？',
    options: ['18 MHz', '36 MHz', '144 MHz', '72 MHz'],
    answer: 3,
  },
  {
    q: 'HAL 库中 HAL_Delay() 默认依赖的时基是？',
    options: ['SysTick 中断，1 ms 节拍', 'TIM2 更新中断', 'RTC 闹钟', 'DWT 周期计数器'],
    answer: 0,
  },
  {
    q: 'EXTI0 中断线可以连到哪些引脚？',
    options: [
      '只能连 PA0',
      'PA0 到 PA15 任选一个',
      '任一端口的 0 号引脚（PA0、PB0……），由 AFIO_EXTICR1 选择',
      '任意引脚，由 NVIC 选择',
    ],
    answer: 2,
  },
];

export const FREERTOS: Question[] = [
  {
    q: 'FreeRTOS 在 Cortex-M 上用哪个异常完成任务上下文切换？',
    options: ['SVC', 'HardFault', 'PendSV', 'NMI'],
    answer: 2,
  },
  {
    q: '在中断服务函数中调用 FreeRTOS API 的正确做法是？',
    options: [
      '任何中断里都可以直接调用普通 API',
      '调用 …FromISR 版本，且该中断的逻辑优先级不高于 configMAX_SYSCALL_INTERRUPT_PRIORITY',
      '只能在优先级数值为 0 的中断中调用',
      '先调用 vTaskSuspendAll() 再调用普通 API',
    ],
    answer: 1,
  },
  {
    q: '互斥量（mutex）与二值信号量的关键区别是？',
    options: [
      '互斥量带优先级继承，用于缓解优先级反转',
      '互斥量可以在中断中释放',
      '二值信号量带优先级继承',
      '两者实现完全相同',
    ],
    answer: 0,
  },
  {
    q: '要让任务以严格固定的 10 ms 周期运行（不随执行时间漂移），应使用？',
    options: [
      'vTaskDelay()',
      'taskYIELD()',
      'vTaskSuspend()',
      'xTaskDelayUntil()（vTaskDelayUntil）',
    ],
    answer: 3,
  },
  {
    q: 'xTaskCreate() 的栈深度参数 usStackDepth 的单位是？',
    options: ['字节', '千字节', '字（StackType_t，Cortex-M 上为 4 字节）', '任务个数'],
    answer: 2,
  },
  {
    q: '任务调用 vTaskDelete(NULL) 删除自身后，它动态分配的 TCB 和栈由谁释放？',
    options: ['空闲任务', 'SysTick 中断', '定时器服务任务', '永不回收'],
    answer: 0,
  },
  {
    q: '中断中 xQueueSendFromISR() 使 xHigherPriorityTaskWoken 变为 pdTRUE，退出中断前应调用？',
    options: [
      'vTaskDelay(0)',
      'portYIELD_FROM_ISR(xHigherPriorityTaskWoken)',
      'taskYIELD()',
      'vTaskStartScheduler()',
    ],
    answer: 1,
  },
  {
    q: 'configUSE_PREEMPTION = 1、configUSE_TIME_SLICING = 1 时，两个同优先级的就绪任务如何运行？',
    options: [
      '先创建的一直运行直到阻塞',
      '按栈大小决定',
      '随机选择',
      '每个节拍（tick）轮流运行（时间片轮转）',
    ],
    answer: 3,
  },
  {
    q: '下列哪种 FreeRTOS 堆实现能释放内存并合并相邻空闲块？',
    options: ['heap_1', 'heap_2', 'heap_4', '以上都不能'],
    answer: 2,
  },
  {
    q: '软件定时器的回调函数在哪里执行？',
    options: [
      'SysTick 中断中',
      '定时器服务（守护）任务中',
      '空闲任务中',
      '调用 xTimerStart() 的任务中',
    ],
    answer: 1,
  },
];

export const RUANKAO: Question[] = [
  {
    q: '以大端（Big-Endian）方式存储 32 位数 0x12345678，最低地址的字节是？',
    options: ['0x78', '0x12', '0x34', '0x56'],
    answer: 1,
  },
  {
    q: '8 位二进制补码能表示的整数范围是？',
    options: ['0 ~ 255', '−127 ~ +127', '−128 ~ +128', '−128 ~ +127'],
    answer: 3,
  },
  {
    q: '速率单调调度（RMS）按什么分配任务的静态优先级？',
    options: ['周期越短优先级越高', '执行时间越长优先级越高', '截止期越晚优先级越高', '先来先服务'],
    answer: 0,
  },
  {
    q: '哈佛结构的主要特征是？',
    options: [
      '程序与数据共用一套总线',
      '没有高速缓存',
      '程序存储器与数据存储器分开，各有独立的总线',
      '只能执行 8 位指令',
    ],
    answer: 2,
  },
  {
    q: '初值为 3 的计数信号量当前值为 −2，表示？',
    options: ['还有 2 个可用资源', '有 2 个进程在等待该资源', '有 5 个进程在等待', '信号量已损坏'],
    answer: 1,
  },
  {
    q: '看门狗定时器（WDT）在嵌入式系统中的作用是？',
    options: [
      '测量任务执行时间',
      '产生 PWM 波形',
      '降低系统功耗',
      '程序失控未按时“喂狗”时使系统复位',
    ],
    answer: 3,
  },
  {
    q: '对 8 位数据采用海明码以纠正 1 位错误，至少需要几位校验位？',
    options: ['2', '3', '4', '5'],
    answer: 2,
  },
  {
    q: 'SPI 总线的信号线不包括？',
    options: ['SCLK', 'MOSI', 'MISO', 'SDA'],
    answer: 3,
  },
  {
    q: 'Cache 命中率 95%，Cache 访问时间 10 ns，主存访问时间 100 ns，平均访问时间约为？',
    options: ['10 ns', '14.5 ns', '55 ns', '105 ns'],
    answer: 1,
  },
  {
    q: '嵌入式系统设计师（中级）考试两科的满分与合格线通常是？',
    options: [
      '各 100 分，60 分合格',
      '只考一科，45 分合格',
      '综合知识与案例分析各 75 分，均达 45 分合格',
      '各 150 分，90 分合格',
    ],
    answer: 2,
  },
];
