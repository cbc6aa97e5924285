/**
 * The example project of 《FreeRTOS 内核源码注释版》: main.c and the Makefile of a small
 * STM32F103C8 FreeRTOS application (four tasks, two queues, a mutex, a UART receive interrupt).
 */
export const MAIN_C = `/*
 * FreeRTOS 示例：STM32F103C8（“蓝丸”板），HSE 8 MHz，系统时钟 72 MHz。
 *
 * 任务               优先级  作用
 * sensor             3       每 100 ms 采样 PA0（ADC1 通道 0），样本送入 sample_queue
 * process            2       从 sample_queue 取样本，每 10 个求一次平均并打印
 * command            2       接收串口命令：s = 打印任务栈余量与堆余量，f/n = LED 快闪/正常
 * led                1       PC13 指示灯闪烁，表示调度器在运行
 *
 * 串口 USART1（PA9 TX，PA10 RX）115200 8N1。接收中断把字节经 cmd_queue 交给 command 任务；
 * 多个任务打印时用互斥量 uart_mutex 保证每行完整。
 */
#include <stdarg.h>
#include <stdio.h>
#include "stm32f1xx.h"
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "semphr.h"

struct sample {
    TickType_t tick;     /* 采样时刻（节拍） */
    uint16_t millivolt;  /* PA0 电压（mV） */
};

static QueueHandle_t sample_queue;
static QueueHandle_t cmd_queue;
static SemaphoreHandle_t uart_mutex;
static TaskHandle_t sensor_handle, process_handle, command_handle, led_handle;
static volatile uint32_t samples_dropped;
static volatile TickType_t led_period = pdMS_TO_TICKS(500);

/* ------------------------------------------------------------------ 硬件 */
static void clock_init(void)
{
    RCC->CR |= RCC_CR_HSEON;
    while (!(RCC->CR & RCC_CR_HSERDY)) {
    }
    FLASH->ACR = FLASH_ACR_PRFTBE | (2u << FLASH_ACR_LATENCY_Pos);
    /* AHB 72 MHz，APB1 36 MHz，APB2 72 MHz，ADC 72/6 = 12 MHz */
    RCC->CFGR = RCC_CFGR_HPRE_DIV1 | RCC_CFGR_PPRE1_DIV2 | RCC_CFGR_PPRE2_DIV1 |
                RCC_CFGR_ADCPRE_DIV6 | RCC_CFGR_PLLSRC | RCC_CFGR_PLLMULL9;
    RCC->CR |= RCC_CR_PLLON;
    while (!(RCC->CR & RCC_CR_PLLRDY)) {
    }
    RCC->CFGR |= RCC_CFGR_SW_PLL;
    while ((RCC->CFGR & RCC_CFGR_SWS) != RCC_CFGR_SWS_PLL) {
    }
    SystemCoreClock = 72000000u;
}

static void gpio_init(void)
{
    RCC->APB2ENR |= RCC_APB2ENR_IOPAEN | RCC_APB2ENR_IOPCEN;
    /* PC13 推挽输出 2 MHz（0x2），板载 LED 低电平点亮 */
    GPIOC->CRH = (GPIOC->CRH & ~(0xFu << 20)) | (0x2u << 20);
    GPIOC->BSRR = GPIO_BSRR_BS13;
    /* PA0 模拟输入（0x0） */
    GPIOA->CRL &= ~(0xFu << 0);
}

static void adc_init(void)
{
    RCC->APB2ENR |= RCC_APB2ENR_ADC1EN;
    ADC1->SMPR2 = 7u << ADC_SMPR2_SMP0_Pos;          /* 通道 0 采样 239.5 周期，适合高源阻抗 */
    ADC1->SQR3 = 0;                                  /* 规则组第 1 个转换 = 通道 0 */
    ADC1->CR2 = ADC_CR2_ADON;
    for (volatile int i = 0; i < 1000; i++) {        /* 等待 ADC 稳定（≥ 2 个 ADC 周期） */
    }
    ADC1->CR2 |= ADC_CR2_RSTCAL;
    while (ADC1->CR2 & ADC_CR2_RSTCAL) {
    }
    ADC1->CR2 |= ADC_CR2_CAL;
    while (ADC1->CR2 & ADC_CR2_CAL) {
    }
    ADC1->CR2 |= ADC_CR2_EXTSEL | ADC_CR2_EXTTRIG;   /* 触发源选 SWSTART */
}

static uint16_t adc_read_mv(void)
{
    ADC1->CR2 |= ADC_CR2_SWSTART;
    while (!(ADC1->SR & ADC_SR_EOC)) {               /* 约 21 μs，短于一个节拍，忙等即可 */
    }
    return (uint16_t)((ADC1->DR & 0xFFFu) * 3300u / 4095u);
}

static void uart_init(void)
{
    RCC->APB2ENR |= RCC_APB2ENR_USART1EN;
    GPIOA->CRH = (GPIOA->CRH & ~(0xFFu << 4)) | (0xBu << 4) | (0x4u << 8); /* PA9 复用推挽，PA10 浮空输入 */
    USART1->BRR = 0x271;                             /* 72 MHz / 115200 = 39.0625 */
    USART1->CR1 = USART_CR1_UE | USART_CR1_TE | USART_CR1_RE | USART_CR1_RXNEIE;
    /* 中断里要调用 xQueueSendFromISR()，优先级数值必须 ≥ 5（configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY） */
    NVIC_SetPriority(USART1_IRQn, 6);
    NVIC_EnableIRQ(USART1_IRQn);
}

void USART1_IRQHandler(void)
{
    BaseType_t woken = pdFALSE;
    if (USART1->SR & (USART_SR_RXNE | USART_SR_ORE)) {
        char c = (char)USART1->DR;                   /* 先读 SR 再读 DR，同时清除 ORE */
        (void)xQueueSendFromISR(cmd_queue, &c, &woken);
    }
    portYIELD_FROM_ISR(woken);                       /* 唤醒了更高优先级任务时，退出中断即切换 */
}

/* 多任务共用串口：整行在互斥量保护下格式化并发送 */
static void log_printf(const char *fmt, ...)
{
    static char line[96];
    va_list ap;
    xSemaphoreTake(uart_mutex, portMAX_DELAY);
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    for (int i = 0; i < n && i < (int)sizeof line - 1; i++) {
        while (!(USART1->SR & USART_SR_TXE)) {
        }
        USART1->DR = (uint8_t)line[i];
    }
    xSemaphoreGive(uart_mutex);
}

/* ------------------------------------------------------------------ 任务 */
static void sensor_task(void *arg)
{
    (void)arg;
    TickType_t last = xTaskGetTickCount();
    for (;;) {
        vTaskDelayUntil(&last, pdMS_TO_TICKS(100));  /* 固定周期，不受执行时间影响 */
        struct sample s = { xTaskGetTickCount(), adc_read_mv() };
        if (xQueueSend(sample_queue, &s, 0) != pdPASS)
            samples_dropped++;                       /* 队列满不等待：采样节奏优先 */
    }
}

static void process_task(void *arg)
{
    (void)arg;
    uint32_t sum = 0, n = 0;
    struct sample s;
    for (;;) {
        if (xQueueReceive(sample_queue, &s, pdMS_TO_TICKS(1000)) != pdPASS) {
            log_printf("[%lu] no samples for 1 s\\r\\n", (unsigned long)xTaskGetTickCount());
            continue;
        }
        sum += s.millivolt;
        if (++n == 10) {
            log_printf("[%lu] PA0 avg %lu mV\\r\\n", (unsigned long)s.tick, (unsigned long)(sum / n));
            sum = 0;
            n = 0;
        }
    }
}

static void command_task(void *arg)
{
    (void)arg;
    char c;
    for (;;) {
        xQueueReceive(cmd_queue, &c, portMAX_DELAY);
        switch (c) {
        case 's':
            log_printf("stack free (words): sensor %u process %u command %u led %u\\r\\n",
                       (unsigned)uxTaskGetStackHighWaterMark(sensor_handle),
                       (unsigned)uxTaskGetStackHighWaterMark(process_handle),
                       (unsigned)uxTaskGetStackHighWaterMark(command_handle),
                       (unsigned)uxTaskGetStackHighWaterMark(led_handle));
            log_printf("heap free %u bytes (min %u), dropped %lu\\r\\n",
                       (unsigned)xPortGetFreeHeapSize(), (unsigned)xPortGetMinimumEverFreeHeapSize(),
                       (unsigned long)samples_dropped);
            break;
        case 'f':
            led_period = pdMS_TO_TICKS(100);
            break;
        case 'n':
            led_period = pdMS_TO_TICKS(500);
            break;
        default:
            log_printf("commands: s = stats, f = fast blink, n = normal blink\\r\\n");
        }
    }
}

static void led_task(void *arg)
{
    (void)arg;
    for (;;) {
        GPIOC->ODR ^= GPIO_ODR_ODR13;
        vTaskDelay(led_period);
    }
}

/* ------------------------------------------------------------------ 钩子 */
void vApplicationStackOverflowHook(TaskHandle_t task, char *name)
{
    (void)task;
    (void)name;                                      /* 调试器中查看 name 即可知道是哪个任务 */
    taskDISABLE_INTERRUPTS();
    for (;;) {
    }
}

void vApplicationMallocFailedHook(void)
{
    taskDISABLE_INTERRUPTS();
    for (;;) {
    }
}

int main(void)
{
    clock_init();
    NVIC_SetPriorityGrouping(3);                     /* 4 位全部作抢占优先级，FreeRTOS 要求 */
    gpio_init();
    adc_init();

    sample_queue = xQueueCreate(16, sizeof(struct sample));
    cmd_queue = xQueueCreate(8, sizeof(char));
    uart_mutex = xSemaphoreCreateMutex();            /* 互斥量带优先级继承，二值信号量没有 */
    configASSERT(sample_queue && cmd_queue && uart_mutex);
    vQueueAddToRegistry(sample_queue, "samples");
    vQueueAddToRegistry(cmd_queue, "commands");

    uart_init();                                     /* 队列建好后再开串口中断 */

    xTaskCreate(sensor_task, "sensor", 128, NULL, 3, &sensor_handle);
    xTaskCreate(process_task, "process", 256, NULL, 2, &process_handle); /* vsnprintf 需要较大的栈 */
    xTaskCreate(command_task, "command", 256, NULL, 2, &command_handle);
    xTaskCreate(led_task, "led", configMINIMAL_STACK_SIZE, NULL, 1, &led_handle);

    vTaskStartScheduler();                           /* 正常情况下不会返回 */
    for (;;) {                                       /* 返回说明堆不足以创建空闲任务或定时器任务 */
    }
}
`;

export const MAKEFILE = `# arm-none-eabi-gcc 构建
#   CMSIS    指向 STM32CubeF1/Drivers/CMSIS
#   FREERTOS 指向 FreeRTOS-Kernel（V10.6.2，git clone -b V10.6.2 https://github.com/FreeRTOS/FreeRTOS-Kernel）
CMSIS ?= ../STM32CubeF1/Drivers/CMSIS
FREERTOS ?= ../FreeRTOS-Kernel
CC = arm-none-eabi-gcc
OBJCOPY = arm-none-eabi-objcopy
SIZE = arm-none-eabi-size

CFLAGS = -mcpu=cortex-m3 -mthumb -O2 -g -Wall -Wextra -std=c11 -DSTM32F103xB \\
         -I. -I$(CMSIS)/Include -I$(CMSIS)/Device/ST/STM32F1xx/Include \\
         -I$(FREERTOS)/include -I$(FREERTOS)/portable/GCC/ARM_CM3 \\
         -ffunction-sections -fdata-sections
LDFLAGS = -mcpu=cortex-m3 -mthumb -T STM32F103C8Tx_FLASH.ld --specs=nano.specs \\
          --specs=nosys.specs -Wl,--gc-sections -Wl,-Map=build/rtos-demo.map

SRCS = main.c \\
       $(FREERTOS)/tasks.c $(FREERTOS)/queue.c $(FREERTOS)/list.c $(FREERTOS)/timers.c \\
       $(FREERTOS)/portable/GCC/ARM_CM3/port.c $(FREERTOS)/portable/MemMang/heap_4.c \\
       $(CMSIS)/Device/ST/STM32F1xx/Source/Templates/system_stm32f1xx.c
STARTUP = $(CMSIS)/Device/ST/STM32F1xx/Source/Templates/gcc/startup_stm32f103xb.s

build/rtos-demo.bin: build/rtos-demo.elf
\t$(OBJCOPY) -O binary $< $@
\t$(SIZE) $<

build/rtos-demo.elf: $(SRCS) $(STARTUP) FreeRTOSConfig.h
\tmkdir -p build
\t$(CC) $(CFLAGS) $(LDFLAGS) $(SRCS) $(STARTUP) -o $@

flash: build/rtos-demo.bin
\tst-flash write $< 0x08000000

clean:
\trm -rf build

.PHONY: flash clean
`;
