/**
 * annotated/port.c of 《FreeRTOS 内核源码注释版》: the file of FreeRTOS-Kernel V10.6.2 (MIT)
 * cut to its main paths and commented line by line in Chinese.
 */
export const PORT_C = `/*
 * port.c（GCC/ARM_CM3）精简注释版（对照 FreeRTOS-Kernel V10.6.2 的 portable/GCC/ARM_CM3/port.c 阅读）
 *
 * FreeRTOS Kernel V10.6.2
 * Copyright (C) 2021 Amazon.com, Inc. or its affiliates.  All Rights Reserved.
 * SPDX-License-Identifier: MIT
 *
 * 说明：删去了 tickless 低功耗（vPortSuppressTicksAndSleep）与部分断言，保留启动、上下文切换、
 * 节拍与临界区。Cortex-M3 在异常入口由硬件自动压栈 xPSR、PC、LR、R12、R3–R0 共 8 个字，
 * 软件只需保存 R4–R11。任务使用进程栈 PSP，内核与中断使用主栈 MSP。
 */

/* 系统控制寄存器 */
#define portNVIC_SYSTICK_CTRL_REG             ( *( ( volatile uint32_t * ) 0xe000e010 ) )
#define portNVIC_SYSTICK_LOAD_REG             ( *( ( volatile uint32_t * ) 0xe000e014 ) )
#define portNVIC_SYSTICK_CURRENT_VALUE_REG    ( *( ( volatile uint32_t * ) 0xe000e018 ) )
#define portNVIC_SHPR3_REG                    ( *( ( volatile uint32_t * ) 0xe000ed20 ) ) /* PendSV、SysTick 优先级 */
#define portNVIC_INT_CTRL_REG                 ( *( ( volatile uint32_t * ) 0xe000ed04 ) ) /* ICSR */
#define portNVIC_PENDSVSET_BIT                ( 1UL << 28UL )
#define portNVIC_SYSTICK_CLK_BIT              ( 1UL << 2UL )  /* 1 = 使用内核时钟 */
#define portNVIC_SYSTICK_INT_BIT              ( 1UL << 1UL )
#define portNVIC_SYSTICK_ENABLE_BIT           ( 1UL << 0UL )
#define portMIN_INTERRUPT_PRIORITY            ( 255UL )
#define portNVIC_PENDSV_PRI                   ( ( ( uint32_t ) portMIN_INTERRUPT_PRIORITY ) << 16UL )
#define portNVIC_SYSTICK_PRI                  ( ( ( uint32_t ) portMIN_INTERRUPT_PRIORITY ) << 24UL )
#define portINITIAL_XPSR                      ( 0x01000000 )  /* 只置 T 位：Thumb 状态 */
#define portSTART_ADDRESS_MASK                ( ( StackType_t ) 0xfffffffeUL )
#define portVECTACTIVE_MASK                   ( 0xFFUL )      /* ICSR 中当前异常号 */

static UBaseType_t uxCriticalNesting = 0xaaaaaaaa;  /* 调度器启动前的非零值，防止提前开中断 */

/* ---------------------------------------------------------------- 初始化任务栈 */
/* 伪造一帧“刚被中断打断”的现场：第一次切换到该任务时，PendSV 的出栈过程就会跳到任务函数入口 */
StackType_t * pxPortInitialiseStack( StackType_t * pxTopOfStack,
                                     TaskFunction_t pxCode,
                                     void * pvParameters )
{
    pxTopOfStack--;                                                      /* 对齐留空 */
    *pxTopOfStack = portINITIAL_XPSR;                                    /* xPSR */
    pxTopOfStack--;
    *pxTopOfStack = ( ( StackType_t ) pxCode ) & portSTART_ADDRESS_MASK; /* PC = 任务入口，最低位清零 */
    pxTopOfStack--;
    *pxTopOfStack = ( StackType_t ) prvTaskExitError;                    /* LR：任务函数不该返回，返回即出错 */
    pxTopOfStack -= 5;                                                   /* R12、R3、R2、R1 */
    *pxTopOfStack = ( StackType_t ) pvParameters;                        /* R0 = 任务参数 */
    pxTopOfStack -= 8;                                                   /* R11–R4，由软件恢复 */

    return pxTopOfStack;                                                 /* 存入 TCB 的 pxTopOfStack */
}

/* ---------------------------------------------------------------- 启动第一个任务 */
BaseType_t xPortStartScheduler( void )
{
    /* PendSV 与 SysTick 设为最低优先级：任务切换总在所有中断处理完之后进行 */
    portNVIC_SHPR3_REG |= portNVIC_PENDSV_PRI;
    portNVIC_SHPR3_REG |= portNVIC_SYSTICK_PRI;

    vPortSetupTimerInterrupt();
    uxCriticalNesting = 0;
    prvPortStartFirstTask();            /* 不会返回 */
    return 0;
}

static void prvPortStartFirstTask( void )
{
    __asm volatile (
        " ldr r0, =0xE000ED08   \\n" /* VTOR 的地址 */
        " ldr r0, [r0]          \\n" /* 向量表起始地址 */
        " ldr r0, [r0]          \\n" /* 向量表第 0 项：主栈初始值 */
        " msr msp, r0           \\n" /* 复位 MSP：main() 用过的栈从此不再需要 */
        " cpsie i               \\n" /* 开中断 */
        " cpsie f               \\n"
        " dsb                   \\n"
        " isb                   \\n"
        " svc 0                 \\n" /* 进入 SVC 异常，由 vPortSVCHandler 恢复第一个任务 */
        " nop                   \\n"
        " .ltorg                \\n"
        );
}

void vPortSVCHandler( void )
{
    __asm volatile (
        "   ldr r3, pxCurrentTCBConst2  \\n" /* r3 = &pxCurrentTCB */
        "   ldr r1, [r3]                \\n" /* r1 = pxCurrentTCB */
        "   ldr r0, [r1]                \\n" /* r0 = pxCurrentTCB->pxTopOfStack（TCB 第一个成员） */
        "   ldmia r0!, {r4-r11}         \\n" /* 软件出栈 R4–R11 */
        "   msr psp, r0                 \\n" /* 剩下的 8 个字由硬件在异常返回时出栈 */
        "   isb                         \\n"
        "   mov r0, #0                  \\n"
        "   msr basepri, r0             \\n" /* 打开所有中断 */
        "   orr r14, #0xd               \\n" /* EXC_RETURN = 0xFFFFFFFD：返回线程模式并使用 PSP */
        "   bx r14                      \\n"
        "                               \\n"
        "   .align 4                    \\n"
        "pxCurrentTCBConst2: .word pxCurrentTCB \\n"
        );
}

/* ---------------------------------------------------------------- 上下文切换 */
void xPortPendSVHandler( void )
{
    __asm volatile
    (
        "   mrs r0, psp                 \\n" /* 当前任务的栈指针（硬件已压入 8 个字） */
        "   isb                         \\n"
        "   ldr r3, pxCurrentTCBConst   \\n"
        "   ldr r2, [r3]                \\n" /* r2 = pxCurrentTCB */
        "   stmdb r0!, {r4-r11}         \\n" /* 软件压栈 R4–R11 到任务栈 */
        "   str r0, [r2]                \\n" /* 新栈顶存入 TCB->pxTopOfStack */
        "                               \\n"
        "   stmdb sp!, {r3, r14}        \\n" /* 保存 r3 与 EXC_RETURN，下面要调用 C 函数 */
        "   mov r0, %0                  \\n"
        "   msr basepri, r0             \\n" /* 屏蔽可调用 API 的中断，保护就绪表 */
        "   bl vTaskSwitchContext       \\n" /* 选出下一个任务，更新 pxCurrentTCB */
        "   mov r0, #0                  \\n"
        "   msr basepri, r0             \\n"
        "   ldmia sp!, {r3, r14}        \\n"
        "                               \\n"
        "   ldr r1, [r3]                \\n" /* r1 = 新的 pxCurrentTCB */
        "   ldr r0, [r1]                \\n" /* 新任务的栈顶 */
        "   ldmia r0!, {r4-r11}         \\n" /* 恢复新任务的 R4–R11 */
        "   msr psp, r0                 \\n"
        "   isb                         \\n"
        "   bx r14                      \\n" /* 异常返回：硬件从 PSP 恢复其余寄存器，新任务继续运行 */
        "                               \\n"
        "   .align 4                    \\n"
        "pxCurrentTCBConst: .word pxCurrentTCB  \\n"
        ::"i" ( configMAX_SYSCALL_INTERRUPT_PRIORITY )
    );
}

/* ---------------------------------------------------------------- 系统节拍 */
void xPortSysTickHandler( void )
{
    portDISABLE_INTERRUPTS();           /* 实际是把 BASEPRI 设为 configMAX_SYSCALL_INTERRUPT_PRIORITY */
    {
        if( xTaskIncrementTick() != pdFALSE )
        {
            portNVIC_INT_CTRL_REG = portNVIC_PENDSVSET_BIT;  /* 需要切换：挂起 PendSV，稍后执行 */
        }
    }
    portENABLE_INTERRUPTS();
}

void vPortSetupTimerInterrupt( void )
{
    portNVIC_SYSTICK_CTRL_REG = 0UL;
    portNVIC_SYSTICK_CURRENT_VALUE_REG = 0UL;
    /* 72 MHz、1000 Hz 节拍：重装值 71999 */
    portNVIC_SYSTICK_LOAD_REG = ( configSYSTICK_CLOCK_HZ / configTICK_RATE_HZ ) - 1UL;
    portNVIC_SYSTICK_CTRL_REG = ( portNVIC_SYSTICK_CLK_BIT | portNVIC_SYSTICK_INT_BIT | portNVIC_SYSTICK_ENABLE_BIT );
}

/* ---------------------------------------------------------------- 临界区 */
/* FreeRTOS 在 Cortex-M3 上不用 PRIMASK 关全部中断，而是用 BASEPRI 只屏蔽优先级数值
 * ≥ configMAX_SYSCALL_INTERRUPT_PRIORITY 的中断；更高优先级的中断（如电机控制）不受内核影响，
 * 但它们不得调用任何 FreeRTOS API。 */
void vPortEnterCritical( void )
{
    portDISABLE_INTERRUPTS();
    uxCriticalNesting++;                /* 支持嵌套 */

    if( uxCriticalNesting == 1 )
    {
        /* 中断里必须用 taskENTER_CRITICAL_FROM_ISR() */
        configASSERT( ( portNVIC_INT_CTRL_REG & portVECTACTIVE_MASK ) == 0 );
    }
}

void vPortExitCritical( void )
{
    configASSERT( uxCriticalNesting );
    uxCriticalNesting--;

    if( uxCriticalNesting == 0 )
    {
        portENABLE_INTERRUPTS();        /* 最外层退出时才恢复 BASEPRI = 0 */
    }
}
`;
