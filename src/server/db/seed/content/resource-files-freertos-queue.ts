/**
 * annotated/queue.c of 《FreeRTOS 内核源码注释版》: the file of FreeRTOS-Kernel V10.6.2 (MIT)
 * cut to its main paths and commented line by line in Chinese.
 */
export const QUEUE_C = `/*
 * queue.c 精简注释版（对照 FreeRTOS-Kernel V10.6.2 的 queue.c 阅读）
 *
 * FreeRTOS Kernel V10.6.2
 * Copyright (C) 2021 Amazon.com, Inc. or its affiliates.  All Rights Reserved.
 * SPDX-License-Identifier: MIT
 *
 * 说明：删去了跟踪宏、队列集（configUSE_QUEUE_SETS）、静态分配与覆盖率标记，只保留主干逻辑。
 * 队列、二值/计数信号量与互斥量共用同一个结构体和同一套发送/接收函数。
 */

/* 互斥量不存数据：pcHead 为 NULL 即表示“这是互斥量” */
#define queueQUEUE_IS_MUTEX    NULL
#define uxQueueType            pcHead

#define queueUNLOCKED          ( ( int8_t ) -1 )   /* 队列未上锁 */
#define queueLOCKED_UNMODIFIED ( ( int8_t ) 0 )    /* 已上锁，期间没有中断收发 */

typedef struct QueuePointers
{
    int8_t * pcTail;        /* 存储区末尾（多分配的一个字节作标记） */
    int8_t * pcReadFrom;    /* 上一次读出的位置，读时先前移一个条目 */
} QueuePointers_t;

typedef struct SemaphoreData
{
    TaskHandle_t xMutexHolder;          /* 互斥量的持有者，优先级继承要用 */
    UBaseType_t uxRecursiveCallCount;   /* 递归互斥量的嵌套次数 */
} SemaphoreData_t;

typedef struct QueueDefinition
{
    int8_t * pcHead;                    /* 存储区起始地址 */
    int8_t * pcWriteTo;                 /* 下一次写入的位置 */
    union
    {
        QueuePointers_t xQueue;         /* 用作队列时 */
        SemaphoreData_t xSemaphore;     /* 用作互斥量时 */
    } u;
    List_t xTasksWaitingToSend;         /* 因队列满而阻塞的任务，按优先级排序 */
    List_t xTasksWaitingToReceive;      /* 因队列空而阻塞的任务，按优先级排序 */
    volatile UBaseType_t uxMessagesWaiting; /* 当前条目数；对信号量来说就是计数值 */
    UBaseType_t uxLength;               /* 最大条目数 */
    UBaseType_t uxItemSize;             /* 每个条目的字节数；信号量与互斥量为 0 */
    volatile int8_t cRxLock;            /* 上锁期间中断取走的条目数（延后唤醒等待发送的任务） */
    volatile int8_t cTxLock;            /* 上锁期间中断放入的条目数（延后唤醒等待接收的任务） */
} xQUEUE;
typedef xQUEUE Queue_t;

/* ---------------------------------------------------------------- 任务中发送 */
BaseType_t xQueueGenericSend( QueueHandle_t xQueue,
                              const void * const pvItemToQueue,
                              TickType_t xTicksToWait,
                              const BaseType_t xCopyPosition )
{
    BaseType_t xEntryTimeSet = pdFALSE, xYieldRequired;
    TimeOut_t xTimeOut;
    Queue_t * const pxQueue = xQueue;

    for( ; ; )
    {
        taskENTER_CRITICAL();                        /* 关中断（BASEPRI），与中断中的收发互斥 */
        {
            /* 1. 有空位（或覆盖写）：拷贝数据后返回 */
            if( ( pxQueue->uxMessagesWaiting < pxQueue->uxLength ) || ( xCopyPosition == queueOVERWRITE ) )
            {
                xYieldRequired = prvCopyDataToQueue( pxQueue, pvItemToQueue, xCopyPosition );

                /* 有任务在等数据：唤醒其中优先级最高的一个 */
                if( listLIST_IS_EMPTY( &( pxQueue->xTasksWaitingToReceive ) ) == pdFALSE )
                {
                    if( xTaskRemoveFromEventList( &( pxQueue->xTasksWaitingToReceive ) ) != pdFALSE )
                    {
                        queueYIELD_IF_USING_PREEMPTION();   /* 被唤醒者优先级更高，立即切换 */
                    }
                }
                else if( xYieldRequired != pdFALSE )
                {
                    queueYIELD_IF_USING_PREEMPTION();       /* 释放互斥量后取消继承，需要重新调度 */
                }

                taskEXIT_CRITICAL();
                return pdPASS;
            }

            /* 2. 已满且不等待：立即失败 */
            if( xTicksToWait == ( TickType_t ) 0 )
            {
                taskEXIT_CRITICAL();
                return errQUEUE_FULL;
            }

            /* 3. 第一次需要等待：记录超时起点（节拍计数与回绕次数） */
            if( xEntryTimeSet == pdFALSE )
            {
                vTaskInternalSetTimeOutState( &xTimeOut );
                xEntryTimeSet = pdTRUE;
            }
        }
        taskEXIT_CRITICAL();

        /* 以下在中断打开、调度器挂起的状态下进行，缩短关中断时间。
         * 给队列上锁：中断仍可收发数据，但不能修改事件链表，改为累加 cRxLock/cTxLock。 */
        vTaskSuspendAll();
        prvLockQueue( pxQueue );

        if( xTaskCheckForTimeOut( &xTimeOut, &xTicksToWait ) == pdFALSE )   /* 未超时，并更新剩余时间 */
        {
            if( prvIsQueueFull( pxQueue ) != pdFALSE )
            {
                /* 4. 仍然满：挂到等待发送链表（按优先级）与延时链表（按超时） */
                vTaskPlaceOnEventList( &( pxQueue->xTasksWaitingToSend ), xTicksToWait );
                prvUnlockQueue( pxQueue );           /* 处理上锁期间中断累积的收发，可能唤醒任务 */

                if( xTaskResumeAll() == pdFALSE )
                {
                    portYIELD_WITHIN_API();          /* 真正进入阻塞 */
                }
            }
            else
            {
                /* 解锁前有空位了：回到循环开头重试 */
                prvUnlockQueue( pxQueue );
                ( void ) xTaskResumeAll();
            }
        }
        else
        {
            /* 5. 超时 */
            prvUnlockQueue( pxQueue );
            ( void ) xTaskResumeAll();
            return errQUEUE_FULL;
        }
    }
}

/* ---------------------------------------------------------------- 拷贝数据 */
static BaseType_t prvCopyDataToQueue( Queue_t * const pxQueue,
                                      const void * pvItemToQueue,
                                      const BaseType_t xPosition )
{
    BaseType_t xReturn = pdFALSE;
    UBaseType_t uxMessagesWaiting = pxQueue->uxMessagesWaiting;

    if( pxQueue->uxItemSize == ( UBaseType_t ) 0 )
    {
        /* 信号量与互斥量不拷贝数据，只增加计数。
         * “发送”互斥量就是释放它：取消优先级继承，持有者清空。 */
        if( pxQueue->uxQueueType == queueQUEUE_IS_MUTEX )
        {
            xReturn = xTaskPriorityDisinherit( pxQueue->u.xSemaphore.xMutexHolder );
            pxQueue->u.xSemaphore.xMutexHolder = NULL;
        }
    }
    else if( xPosition == queueSEND_TO_BACK )
    {
        /* 环形缓冲：写到 pcWriteTo，再后移一个条目，到尾部回到头部 */
        ( void ) memcpy( ( void * ) pxQueue->pcWriteTo, pvItemToQueue, ( size_t ) pxQueue->uxItemSize );
        pxQueue->pcWriteTo += pxQueue->uxItemSize;

        if( pxQueue->pcWriteTo >= pxQueue->u.xQueue.pcTail )
        {
            pxQueue->pcWriteTo = pxQueue->pcHead;
        }
    }
    else
    {
        /* 发到队首（xQueueSendToFront）或覆盖写：写在 pcReadFrom 处，再把 pcReadFrom 前移，
         * 下一次读取正好读到这条数据 */
        ( void ) memcpy( ( void * ) pxQueue->u.xQueue.pcReadFrom, pvItemToQueue, ( size_t ) pxQueue->uxItemSize );
        pxQueue->u.xQueue.pcReadFrom -= pxQueue->uxItemSize;

        if( pxQueue->u.xQueue.pcReadFrom < pxQueue->pcHead )
        {
            pxQueue->u.xQueue.pcReadFrom = ( pxQueue->u.xQueue.pcTail - pxQueue->uxItemSize );
        }

        if( ( xPosition == queueOVERWRITE ) && ( uxMessagesWaiting > ( UBaseType_t ) 0 ) )
        {
            --uxMessagesWaiting;   /* 覆盖写（只用于长度为 1 的队列）：条目数不增加 */
        }
    }

    pxQueue->uxMessagesWaiting = uxMessagesWaiting + ( UBaseType_t ) 1;
    return xReturn;
}

/* ---------------------------------------------------------------- 中断中发送 */
BaseType_t xQueueGenericSendFromISR( QueueHandle_t xQueue,
                                     const void * const pvItemToQueue,
                                     BaseType_t * const pxHigherPriorityTaskWoken,
                                     const BaseType_t xCopyPosition )
{
    BaseType_t xReturn;
    UBaseType_t uxSavedInterruptStatus;
    Queue_t * const pxQueue = xQueue;

    /* 调用本函数的中断优先级数值必须 ≥ configMAX_SYSCALL_INTERRUPT_PRIORITY，否则断言失败 */
    portASSERT_IF_INTERRUPT_PRIORITY_INVALID();

    uxSavedInterruptStatus = portSET_INTERRUPT_MASK_FROM_ISR();
    {
        if( ( pxQueue->uxMessagesWaiting < pxQueue->uxLength ) || ( xCopyPosition == queueOVERWRITE ) )
        {
            const int8_t cTxLock = pxQueue->cTxLock;

            ( void ) prvCopyDataToQueue( pxQueue, pvItemToQueue, xCopyPosition );

            if( cTxLock == queueUNLOCKED )
            {
                /* 队列未上锁：直接唤醒等待接收的任务，但不在中断里切换，只通过参数告诉调用者 */
                if( listLIST_IS_EMPTY( &( pxQueue->xTasksWaitingToReceive ) ) == pdFALSE )
                {
                    if( xTaskRemoveFromEventList( &( pxQueue->xTasksWaitingToReceive ) ) != pdFALSE )
                    {
                        if( pxHigherPriorityTaskWoken != NULL )
                        {
                            *pxHigherPriorityTaskWoken = pdTRUE;  /* 调用者应执行 portYIELD_FROM_ISR() */
                        }
                    }
                }
            }
            else
            {
                /* 队列被任务上锁：不碰事件链表，记账后由 prvUnlockQueue() 补做唤醒 */
                prvIncrementQueueTxLock( pxQueue, cTxLock );
            }

            xReturn = pdPASS;
        }
        else
        {
            xReturn = errQUEUE_FULL;   /* 中断里不能阻塞 */
        }
    }
    portCLEAR_INTERRUPT_MASK_FROM_ISR( uxSavedInterruptStatus );

    return xReturn;
}
`;
