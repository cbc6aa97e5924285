/**
 * The files of the demo download 《FreeRTOS 内核源码注释版》 (issue 28: the archive held four
 * short notes): tasks.c, queue.c and port.c of the kernel annotated in Chinese, and a small
 * STM32F103C8 project that builds against the kernel — tasks, queues, a mutex, a UART
 * interrupt — with its FreeRTOSConfig.h, Makefile and linker script.
 */
import type { ZipEntry } from '../files/zip.ts';
import { MAIN_C, MAKEFILE } from './resource-files-freertos-example.ts';
import { PORT_C } from './resource-files-freertos-port.ts';
import { QUEUE_C } from './resource-files-freertos-queue.ts';
import { TASKS_C } from './resource-files-freertos-tasks.ts';
import { LINKER } from './resource-files-nuedc-firmware.ts';

const README = `# FreeRTOS 内核源码注释版（tasks.c、queue.c、port.c）

芯学堂《FreeRTOS 内核原理与实战》配套资料。内容分两部分：

1. \`annotated/\`：FreeRTOS-Kernel V10.6.2 三个核心文件的精简注释版。删去跟踪宏、MPU、静态分配、
   队列集等分支后保留主干代码，逐行加中文注释，便于对照官方源码阅读。
2. \`example-stm32f103/\`：一个可以编译运行的 STM32F103C8 工程，用到任务、vTaskDelayUntil 周期任务、
   队列（任务间与中断到任务）、互斥量，以及栈溢出与内存分配失败钩子，用来在板子上验证读到的机制。

FreeRTOS 内核以 MIT 许可发布，版权归 Amazon.com, Inc. 及其关联公司所有；注释版文件保留了原版权声明。
完整源码：https://github.com/FreeRTOS/FreeRTOS-Kernel （标签 V10.6.2）。

## 目录

| 路径 | 内容 |
| --- | --- |
| annotated/tasks.c | TCB、就绪表与位图、延时链表与回绕、xTaskIncrementTick、vTaskSwitchContext、优先级继承 |
| annotated/queue.c | Queue_t、xQueueGenericSend 的阻塞与超时、环形缓冲拷贝、互斥量释放、FromISR 与队列锁 |
| annotated/port.c | Cortex-M3：初始栈帧、SVC 启动第一个任务、PendSV 上下文切换、SysTick、BASEPRI 临界区 |
| example-stm32f103/main.c | 4 个任务、2 个队列、1 个互斥量、USART1 接收中断 |
| example-stm32f103/FreeRTOSConfig.h | 72 MHz、1 kHz 节拍、5 级优先级、heap_4 10 KB、中断优先级划分 |
| example-stm32f103/Makefile | arm-none-eabi-gcc 构建与 st-flash 烧录 |
| example-stm32f103/STM32F103C8Tx_FLASH.ld | 链接脚本（64 KB Flash，20 KB SRAM） |

## 建议阅读顺序

1. port.c 的 pxPortInitialiseStack：理解“伪造的中断现场”，这是任务第一次运行的方式；
2. port.c 的 xPortPendSVHandler 与 tasks.c 的 vTaskSwitchContext：一次任务切换的完整路径；
3. tasks.c 的 vTaskDelay → prvAddCurrentTaskToDelayedList → xTaskIncrementTick：任务如何睡眠与被唤醒；
4. queue.c 的 xQueueGenericSend：阻塞、超时与“调度器挂起 + 队列上锁”的配合；
5. queue.c 的 prvCopyDataToQueue 与 tasks.c 的 xTaskPriorityInherit：互斥量为什么能解决优先级反转。

## 构建示例工程

    git clone -b V10.6.2 https://github.com/FreeRTOS/FreeRTOS-Kernel
    cd example-stm32f103
    make CMSIS=/path/to/STM32CubeF1/Drivers/CMSIS FREERTOS=../FreeRTOS-Kernel
    make flash

串口 115200 8N1，上电后每秒打印一次 PA0 电压平均值；发送 \`s\` 查看各任务栈余量与堆余量，
\`f\`/\`n\` 切换指示灯闪烁速度。典型输出：

    [1000] PA0 avg 1652 mV
    stack free (words): sensor 82 process 170 command 158 led 90
    heap free 4536 bytes (min 4536), dropped 0

## 实验建议

- 把 sensor 任务的优先级降到 1，在 process 任务中加入 50 ms 的忙等，观察 dropped 计数的变化。
- 把 uart_mutex 换成 xSemaphoreCreateBinary()（并先 Give 一次），构造优先级反转，比较打印延迟。
- 把 process 任务栈改为 64 字，观察 vApplicationStackOverflowHook 被调用。
- 把 USART1 中断优先级改为 2，观察 configASSERT 在 xQueueSendFromISR 中失败的位置（port.c 的 vPortValidateInterruptPriority）。
`;

const CONFIG_H = `/* FreeRTOSConfig.h：STM32F103C8（Cortex-M3，72 MHz，20 KB SRAM），FreeRTOS-Kernel V10.6.2 */
#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H

#include <stdint.h>
extern uint32_t SystemCoreClock;

/* 调度 */
#define configUSE_PREEMPTION                    1
#define configUSE_TIME_SLICING                  1
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 1   /* CLZ 查找最高优先级，要求优先级数 ≤ 32 */
#define configUSE_TICKLESS_IDLE                 0
#define configCPU_CLOCK_HZ                      ( SystemCoreClock )
#define configTICK_RATE_HZ                      ( ( TickType_t ) 1000 )  /* 1 ms 节拍 */
#define configMAX_PRIORITIES                    5
#define configMINIMAL_STACK_SIZE                ( ( uint16_t ) 128 )     /* 单位是字（4 字节），即 512 字节 */
#define configMAX_TASK_NAME_LEN                 12
#define configUSE_16_BIT_TICKS                  0
#define configIDLE_SHOULD_YIELD                 1
#define configUSE_TASK_NOTIFICATIONS            1

/* 同步原语 */
#define configUSE_MUTEXES                       1
#define configUSE_RECURSIVE_MUTEXES             0
#define configUSE_COUNTING_SEMAPHORES           1
#define configQUEUE_REGISTRY_SIZE               4   /* 调试器中按名字查看队列 */

/* 内存：heap_4，20 KB SRAM 中给内核堆 10 KB，其余给 .data/.bss 与主栈 */
#define configSUPPORT_DYNAMIC_ALLOCATION        1
#define configSUPPORT_STATIC_ALLOCATION         0
#define configTOTAL_HEAP_SIZE                   ( ( size_t ) ( 10 * 1024 ) )

/* 钩子与调试 */
#define configUSE_IDLE_HOOK                     0
#define configUSE_TICK_HOOK                     0
#define configCHECK_FOR_STACK_OVERFLOW          2   /* 切换时检查栈底 16 字节的填充图案 */
#define configUSE_MALLOC_FAILED_HOOK            1
#define configUSE_TRACE_FACILITY                1
#define configGENERATE_RUN_TIME_STATS           0

/* 软件定时器（本例未使用，保留配置便于扩展） */
#define configUSE_TIMERS                        1
#define configTIMER_TASK_PRIORITY               ( configMAX_PRIORITIES - 1 )
#define configTIMER_QUEUE_LENGTH                8
#define configTIMER_TASK_STACK_DEPTH            ( configMINIMAL_STACK_SIZE * 2 )

/* 中断优先级：STM32F1 实现 4 位优先级（0–15，数值越小越高）。
 * 内核（PendSV、SysTick）用最低的 15；优先级数值 5–15 的中断可以调用 ...FromISR() API，
 * 0–4 的中断不受内核临界区屏蔽，但绝不能调用任何 FreeRTOS API。 */
#define configPRIO_BITS                                 4
#define configLIBRARY_LOWEST_INTERRUPT_PRIORITY         15
#define configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY    5
#define configKERNEL_INTERRUPT_PRIORITY \\
    ( configLIBRARY_LOWEST_INTERRUPT_PRIORITY << ( 8 - configPRIO_BITS ) )        /* 0xF0 */
#define configMAX_SYSCALL_INTERRUPT_PRIORITY \\
    ( configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY << ( 8 - configPRIO_BITS ) )   /* 0x50 */

#define configASSERT( x ) \\
    if( ( x ) == 0 ) { taskDISABLE_INTERRUPTS(); for( ;; ) { } }

/* 需要的 API */
#define INCLUDE_vTaskPrioritySet                1
#define INCLUDE_uxTaskPriorityGet               1
#define INCLUDE_vTaskDelete                     0
#define INCLUDE_vTaskSuspend                    1   /* portMAX_DELAY 表示无限期等待 */
#define INCLUDE_vTaskDelayUntil                 1
#define INCLUDE_vTaskDelay                      1
#define INCLUDE_uxTaskGetStackHighWaterMark     1
#define INCLUDE_xTaskGetSchedulerState          1

/* 把内核的异常处理函数映射到 CMSIS 启动文件中的向量名 */
#define vPortSVCHandler     SVC_Handler
#define xPortPendSVHandler  PendSV_Handler
#define xPortSysTickHandler SysTick_Handler

#endif /* FREERTOS_CONFIG_H */
`;

export const FREERTOS_FILES: ZipEntry[] = [
  { name: 'README.md', data: README },
  { name: 'annotated/tasks.c', data: TASKS_C },
  { name: 'annotated/queue.c', data: QUEUE_C },
  { name: 'annotated/port.c', data: PORT_C },
  { name: 'example-stm32f103/main.c', data: MAIN_C },
  { name: 'example-stm32f103/FreeRTOSConfig.h', data: CONFIG_H },
  { name: 'example-stm32f103/Makefile', data: MAKEFILE },
  { name: 'example-stm32f103/STM32F103C8Tx_FLASH.ld', data: LINKER },
];
