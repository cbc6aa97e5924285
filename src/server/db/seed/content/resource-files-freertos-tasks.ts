/**
 * annotated/tasks.c of 《FreeRTOS 内核源码注释版》: the file of FreeRTOS-Kernel V10.6.2 (MIT)
 * cut to its main paths and commented line by line in Chinese.
 */
export const TASKS_C = `/*
 * tasks.c 精简注释版（对照 FreeRTOS-Kernel V10.6.2 的 tasks.c 阅读）
 *
 * FreeRTOS Kernel V10.6.2
 * Copyright (C) 2021 Amazon.com, Inc. or its affiliates.  All Rights Reserved.
 * SPDX-License-Identifier: MIT
 *
 * 说明：为便于阅读，删去了跟踪宏（traceXXX）、MPU、静态分配、覆盖率标记（mtCOVERAGE_TEST_MARKER）
 * 等分支，只保留单核、动态分配、configUSE_PORT_OPTIMISED_TASK_SELECTION = 1（Cortex-M3）时的主干逻辑。
 * 行尾中文注释为本资料所加。完整源码请从 github.com/FreeRTOS/FreeRTOS-Kernel 获取。
 */

/* ---------------------------------------------------------------- 任务控制块 */
typedef struct tskTaskControlBlock
{
    volatile StackType_t * pxTopOfStack;  /* 必须是第一个成员：port.c 的汇编按偏移 0 读写栈顶 */
    ListItem_t xStateListItem;            /* 挂在就绪/延时/挂起链表之一，表示任务处于哪种状态 */
    ListItem_t xEventListItem;            /* 挂在某个队列的等待链表上，表示正在等待什么事件 */
    UBaseType_t uxPriority;               /* 当前优先级，可能因优先级继承被临时提高 */
    StackType_t * pxStack;                /* 栈的起始地址（低地址端），用于溢出检查 */
    char pcTaskName[ configMAX_TASK_NAME_LEN ];
    UBaseType_t uxBasePriority;           /* 原始优先级，继承结束后恢复到它 */
    UBaseType_t uxMutexesHeld;            /* 持有的互斥量个数，为 0 时才恢复原始优先级 */
    volatile uint32_t ulNotifiedValue[ configTASK_NOTIFICATION_ARRAY_ENTRIES ];
    volatile uint8_t ucNotifyState[ configTASK_NOTIFICATION_ARRAY_ENTRIES ];
} tskTCB;
typedef tskTCB TCB_t;

/* ---------------------------------------------------------------- 内核全局状态 */
TCB_t * volatile pxCurrentTCB = NULL;                         /* 正在运行的任务，port.c 的汇编直接引用它 */
static List_t pxReadyTasksLists[ configMAX_PRIORITIES ];      /* 就绪表：每个优先级一条链表 */
static List_t xDelayedTaskList1;                              /* 两条延时链表，节拍计数回绕时交换角色 */
static List_t xDelayedTaskList2;
static List_t * volatile pxDelayedTaskList;                   /* 唤醒时刻未回绕的延时任务，按唤醒时刻排序 */
static List_t * volatile pxOverflowDelayedTaskList;           /* 唤醒时刻已回绕（超过 0xFFFFFFFF）的延时任务 */
static List_t xPendingReadyList;                              /* 调度器挂起期间被中断唤醒的任务，恢复时再移入就绪表 */
static List_t xSuspendedTaskList;                             /* 挂起或无限期阻塞的任务 */
static volatile TickType_t xTickCount = ( TickType_t ) configINITIAL_TICK_COUNT;
static volatile UBaseType_t uxTopReadyPriority = tskIDLE_PRIORITY; /* 位图：第 n 位为 1 表示优先级 n 有就绪任务 */
static volatile TickType_t xNextTaskUnblockTime = ( TickType_t ) 0U; /* 最早的唤醒时刻，节拍中断据此快速判断 */
static volatile BaseType_t xYieldPending = pdFALSE;           /* 调度器挂起期间积压的切换请求 */
static volatile TickType_t xPendedTicks = ( TickType_t ) 0U;  /* 调度器挂起期间积压的节拍数 */
static volatile BaseType_t xNumOfOverflows = ( BaseType_t ) 0;  /* 节拍计数回绕次数，超时计算用 */
static volatile UBaseType_t uxSchedulerSuspended = ( UBaseType_t ) 0U;

/* ---------------------------------------------------------------- 就绪表操作 */
/* Cortex-M3 移植层：portRECORD_READY_PRIORITY 把位图中对应位置 1；
 * portGET_HIGHEST_PRIORITY 用 CLZ 指令：最高优先级 = 31 - 前导零个数，O(1) 完成查找。 */
#define taskRECORD_READY_PRIORITY( uxPriority )    portRECORD_READY_PRIORITY( ( uxPriority ), uxTopReadyPriority )

#define taskSELECT_HIGHEST_PRIORITY_TASK()                                                      \\
    do {                                                                                        \\
        UBaseType_t uxTopPriority;                                                              \\
        portGET_HIGHEST_PRIORITY( uxTopPriority, uxTopReadyPriority );   /* CLZ 找最高优先级 */  \\
        configASSERT( listCURRENT_LIST_LENGTH( &( pxReadyTasksLists[ uxTopPriority ] ) ) > 0 ); \\
        /* 取该优先级链表中的“下一个”任务：同优先级任务由此实现时间片轮转 */                    \\
        listGET_OWNER_OF_NEXT_ENTRY( pxCurrentTCB, &( pxReadyTasksLists[ uxTopPriority ] ) );   \\
    } while( 0 )

/* 插入就绪表尾部：先记录位图，再把状态链表项挂到对应优先级链表的末尾 */
#define prvAddTaskToReadyList( pxTCB )                                                                     \\
    do {                                                                                                   \\
        taskRECORD_READY_PRIORITY( ( pxTCB )->uxPriority );                                                \\
        listINSERT_END( &( pxReadyTasksLists[ ( pxTCB )->uxPriority ] ), &( ( pxTCB )->xStateListItem ) ); \\
    } while( 0 )

/* 节拍计数回绕到 0 时交换两条延时链表：原“溢出链表”中的任务现在成为正常的延时任务 */
#define taskSWITCH_DELAYED_LISTS()                                \\
    do {                                                          \\
        List_t * pxTemp;                                          \\
        configASSERT( ( listLIST_IS_EMPTY( pxDelayedTaskList ) ) ); /* 回绕时旧链表必须已空 */ \\
        pxTemp = pxDelayedTaskList;                               \\
        pxDelayedTaskList = pxOverflowDelayedTaskList;            \\
        pxOverflowDelayedTaskList = pxTemp;                       \\
        xNumOfOverflows++;                                        \\
        prvResetNextTaskUnblockTime();                            \\
    } while( 0 )

/* ---------------------------------------------------------------- 延时 */
void vTaskDelay( const TickType_t xTicksToDelay )
{
    BaseType_t xAlreadyYielded = pdFALSE;

    if( xTicksToDelay > ( TickType_t ) 0U )          /* vTaskDelay(0) 只相当于一次主动让出 */
    {
        vTaskSuspendAll();                           /* 挂起调度器：操作链表期间不允许切换，但中断照常响应 */
        {
            prvAddCurrentTaskToDelayedList( xTicksToDelay, pdFALSE );
        }
        xAlreadyYielded = xTaskResumeAll();          /* 恢复调度器；若恢复过程中已切换则返回 pdTRUE */
    }

    if( xAlreadyYielded == pdFALSE )
    {
        portYIELD_WITHIN_API();                      /* 置位 PendSV，退出后立即切换到别的任务 */
    }
}

static void prvAddCurrentTaskToDelayedList( TickType_t xTicksToWait, const BaseType_t xCanBlockIndefinitely )
{
    TickType_t xTimeToWake;
    const TickType_t xConstTickCount = xTickCount;   /* 只读一次，防止中途被节拍中断修改 */

    /* 从就绪表移除；若该优先级链表因此变空，清除位图中对应位 */
    if( uxListRemove( &( pxCurrentTCB->xStateListItem ) ) == ( UBaseType_t ) 0 )
    {
        portRESET_READY_PRIORITY( pxCurrentTCB->uxPriority, uxTopReadyPriority );
    }

    if( ( xTicksToWait == portMAX_DELAY ) && ( xCanBlockIndefinitely != pdFALSE ) )
    {
        /* 无限期等待：放入挂起链表，节拍中断永远不会检查它 */
        listINSERT_END( &xSuspendedTaskList, &( pxCurrentTCB->xStateListItem ) );
    }
    else
    {
        xTimeToWake = xConstTickCount + xTicksToWait;              /* 可能回绕 */
        listSET_LIST_ITEM_VALUE( &( pxCurrentTCB->xStateListItem ), xTimeToWake );

        if( xTimeToWake < xConstTickCount )
        {
            /* 唤醒时刻回绕了：放入溢出链表，等 xTickCount 也回绕后才处理 */
            vListInsert( pxOverflowDelayedTaskList, &( pxCurrentTCB->xStateListItem ) );
        }
        else
        {
            vListInsert( pxDelayedTaskList, &( pxCurrentTCB->xStateListItem ) ); /* 按唤醒时刻升序插入 */

            if( xTimeToWake < xNextTaskUnblockTime )
            {
                xNextTaskUnblockTime = xTimeToWake;   /* 更新最早唤醒时刻 */
            }
        }
    }
}

/* ---------------------------------------------------------------- 节拍处理（由 SysTick 中断调用） */
BaseType_t xTaskIncrementTick( void )
{
    TCB_t * pxTCB;
    TickType_t xItemValue;
    BaseType_t xSwitchRequired = pdFALSE;

    if( uxSchedulerSuspended == ( UBaseType_t ) 0U )
    {
        const TickType_t xConstTickCount = xTickCount + ( TickType_t ) 1;
        xTickCount = xConstTickCount;

        if( xConstTickCount == ( TickType_t ) 0U )
        {
            taskSWITCH_DELAYED_LISTS();                /* 节拍计数回绕 */
        }

        /* 绝大多数节拍里没有任务到期，一次比较即可返回 */
        if( xConstTickCount >= xNextTaskUnblockTime )
        {
            for( ; ; )
            {
                if( listLIST_IS_EMPTY( pxDelayedTaskList ) != pdFALSE )
                {
                    xNextTaskUnblockTime = portMAX_DELAY;   /* 没有延时任务了 */
                    break;
                }

                pxTCB = listGET_OWNER_OF_HEAD_ENTRY( pxDelayedTaskList );  /* 链表有序，表头最早到期 */
                xItemValue = listGET_LIST_ITEM_VALUE( &( pxTCB->xStateListItem ) );

                if( xConstTickCount < xItemValue )
                {
                    xNextTaskUnblockTime = xItemValue;       /* 表头还没到期，记下时刻后退出 */
                    break;
                }

                listREMOVE_ITEM( &( pxTCB->xStateListItem ) );  /* 移出延时链表 */

                /* 若任务同时在等待某个事件（例如带超时的 xQueueReceive），一并移出事件链表：这就是“超时” */
                if( listLIST_ITEM_CONTAINER( &( pxTCB->xEventListItem ) ) != NULL )
                {
                    listREMOVE_ITEM( &( pxTCB->xEventListItem ) );
                }

                prvAddTaskToReadyList( pxTCB );

                if( pxTCB->uxPriority > pxCurrentTCB->uxPriority )
                {
                    xSwitchRequired = pdTRUE;                /* 唤醒了更高优先级的任务：需要抢占 */
                }
            }
        }

        /* 时间片：同优先级还有其他就绪任务时，每个节拍都切换一次 */
        if( listCURRENT_LIST_LENGTH( &( pxReadyTasksLists[ pxCurrentTCB->uxPriority ] ) ) > 1U )
        {
            xSwitchRequired = pdTRUE;
        }

        if( xYieldPending != pdFALSE )
        {
            xSwitchRequired = pdTRUE;
        }
    }
    else
    {
        ++xPendedTicks;          /* 调度器挂起：节拍先记账，xTaskResumeAll() 中补处理 */
    }

    return xSwitchRequired;      /* 为 pdTRUE 时 port.c 置位 PendSV */
}

/* ---------------------------------------------------------------- 上下文切换（由 PendSV 调用） */
void vTaskSwitchContext( void )
{
    if( uxSchedulerSuspended != ( UBaseType_t ) 0U )
    {
        xYieldPending = pdTRUE;              /* 调度器挂起时不切换，只记下请求 */
    }
    else
    {
        xYieldPending = pdFALSE;
        taskCHECK_FOR_STACK_OVERFLOW();      /* configCHECK_FOR_STACK_OVERFLOW = 2 时检查栈底 16 字节图案 */
        taskSELECT_HIGHEST_PRIORITY_TASK();  /* 更新 pxCurrentTCB，汇编随后从它恢复寄存器 */
    }
}

/* ---------------------------------------------------------------- 优先级继承（互斥量） */
BaseType_t xTaskPriorityInherit( TaskHandle_t const pxMutexHolder )
{
    TCB_t * const pxMutexHolderTCB = pxMutexHolder;
    BaseType_t xReturn = pdFALSE;

    if( pxMutexHolder != NULL )
    {
        /* 持有者优先级低于当前（请求者）任务：把持有者提升到请求者的优先级 */
        if( pxMutexHolderTCB->uxPriority < pxCurrentTCB->uxPriority )
        {
            /* 事件链表按优先级排序，链表项的值存的是 configMAX_PRIORITIES - 优先级，这里同步更新 */
            if( ( listGET_LIST_ITEM_VALUE( &( pxMutexHolderTCB->xEventListItem ) ) & taskEVENT_LIST_ITEM_VALUE_IN_USE ) == 0UL )
            {
                listSET_LIST_ITEM_VALUE( &( pxMutexHolderTCB->xEventListItem ),
                                         ( TickType_t ) configMAX_PRIORITIES - ( TickType_t ) pxCurrentTCB->uxPriority );
            }

            /* 持有者在就绪表中：必须换到新优先级的链表里，否则调度器找不到它 */
            if( listIS_CONTAINED_WITHIN( &( pxReadyTasksLists[ pxMutexHolderTCB->uxPriority ] ),
                                         &( pxMutexHolderTCB->xStateListItem ) ) != pdFALSE )
            {
                if( uxListRemove( &( pxMutexHolderTCB->xStateListItem ) ) == ( UBaseType_t ) 0 )
                {
                    portRESET_READY_PRIORITY( pxMutexHolderTCB->uxPriority, uxTopReadyPriority );
                }
                pxMutexHolderTCB->uxPriority = pxCurrentTCB->uxPriority;
                prvAddTaskToReadyList( pxMutexHolderTCB );
            }
            else
            {
                pxMutexHolderTCB->uxPriority = pxCurrentTCB->uxPriority;  /* 阻塞中：只改优先级 */
            }
            xReturn = pdTRUE;
        }
        else if( pxMutexHolderTCB->uxBasePriority < pxCurrentTCB->uxPriority )
        {
            xReturn = pdTRUE;   /* 已被别的任务提升过，仍属于继承状态 */
        }
    }

    return xReturn;
}
`;
