/**
 * The firmware of the worked entry in 《电子设计竞赛历年赛题汇编》: a frequency meter on the
 * STM32F103C8 in register-level C (CMSIS headers), with its Makefile and linker script.
 */
export const MAIN_C = `/*
 * 简易数字频率计：STM32F103C8，HSE 8 MHz，系统时钟 72 MHz。
 * 高频段（≥ 1 kHz）：TIM2 外部时钟模式 2 对 PA0（TIM2_ETR）的上升沿计数，SysTick 提供 1 s 闸门。
 * 低频段（< 1 kHz）：TIM3 通道 1（PA6）输入捕获测周期，计数时钟 1 MHz。
 * 结果经 USART1（PA9）以 115200 8N1 输出。
 */
#include <stdint.h>
#include <stdio.h>
#include "stm32f1xx.h"
#include "freq.h"
#include "uart.h"

static volatile uint32_t ms_ticks;

void SysTick_Handler(void)
{
    ms_ticks++;
    freq_tick_1ms();
}

static void clock_init(void)
{
    RCC->CR |= RCC_CR_HSEON;
    while (!(RCC->CR & RCC_CR_HSERDY)) {
    }
    FLASH->ACR = FLASH_ACR_PRFTBE | (2u << FLASH_ACR_LATENCY_Pos); /* 48–72 MHz：2 个等待周期 */
    RCC->CFGR = RCC_CFGR_HPRE_DIV1 | RCC_CFGR_PPRE1_DIV2 | RCC_CFGR_PPRE2_DIV1 |
                RCC_CFGR_PLLSRC | RCC_CFGR_PLLMULL9;
    RCC->CR |= RCC_CR_PLLON;
    while (!(RCC->CR & RCC_CR_PLLRDY)) {
    }
    RCC->CFGR |= RCC_CFGR_SW_PLL;
    while ((RCC->CFGR & RCC_CFGR_SWS) != RCC_CFGR_SWS_PLL) {
    }
    SystemCoreClock = 72000000u;
}

int main(void)
{
    clock_init();
    SysTick_Config(SystemCoreClock / 1000u);
    uart_init(115200u);
    freq_init();
    printf("freqmeter ready\\r\\n");

    for (;;) {
        struct freq_result r;
        if (freq_poll(&r)) {
            if (r.method == FREQ_BY_PERIOD)
                printf("f = %lu.%03lu Hz (period)\\r\\n", (unsigned long)(r.millihertz / 1000u),
                       (unsigned long)(r.millihertz % 1000u));
            else
                printf("f = %lu Hz (gate 1 s)\\r\\n", (unsigned long)(r.millihertz / 1000u));
        }
    }
}
`;

export const FREQ_H = `#ifndef FREQ_H
#define FREQ_H

#include <stdint.h>

enum freq_method { FREQ_BY_GATE, FREQ_BY_PERIOD };

struct freq_result {
    enum freq_method method;
    uint32_t millihertz; /* 频率，单位 mHz */
};

void freq_init(void);
/* 每 1 ms 由 SysTick 调用一次，推进 1 s 闸门。 */
void freq_tick_1ms(void);
/* 有新结果时返回 1 并填写 *r。 */
int freq_poll(struct freq_result *r);

#endif
`;

export const FREQ_C = `#include "stm32f1xx.h"
#include "freq.h"

#define LOW_FREQ_LIMIT_HZ 1000u

static volatile uint32_t overflows;   /* TIM2 计数溢出次数 */
static volatile uint32_t gate_ms;
static volatile uint32_t gate_count;  /* 最近一个闸门内的脉冲数 */
static volatile int gate_ready;

static volatile uint16_t last_capture;
static volatile uint32_t period_us;   /* 最近一次测得的周期（μs） */
static volatile uint32_t capture_overflows;

void freq_init(void)
{
    RCC->APB2ENR |= RCC_APB2ENR_IOPAEN;
    RCC->APB1ENR |= RCC_APB1ENR_TIM2EN | RCC_APB1ENR_TIM3EN;

    /* PA0、PA6 浮空输入（复位值 0x4），此处显式写出 */
    GPIOA->CRL = (GPIOA->CRL & ~(0xFu << 0) & ~(0xFu << 24)) | (0x4u << 0) | (0x4u << 24);

    /* TIM2：外部时钟模式 2，ETR 上升沿，不分频，ETF 轻度滤波 */
    TIM2->SMCR = TIM_SMCR_ECE | (0x2u << TIM_SMCR_ETF_Pos);
    TIM2->ARR = 0xFFFFu;
    TIM2->DIER = TIM_DIER_UIE;
    TIM2->EGR = TIM_EGR_UG;
    TIM2->SR = 0;
    TIM2->CR1 = TIM_CR1_CEN;

    /* TIM3：计数时钟 72 MHz / 72 = 1 MHz，CH1 输入捕获上升沿 */
    TIM3->PSC = 71u;
    TIM3->ARR = 0xFFFFu;
    TIM3->CCMR1 = TIM_CCMR1_CC1S_0 | (0x3u << TIM_CCMR1_IC1F_Pos);
    TIM3->CCER = TIM_CCER_CC1E;
    TIM3->DIER = TIM_DIER_CC1IE | TIM_DIER_UIE;
    TIM3->EGR = TIM_EGR_UG;
    TIM3->SR = 0;
    TIM3->CR1 = TIM_CR1_CEN;

    NVIC_SetPriority(TIM2_IRQn, 1);
    NVIC_SetPriority(TIM3_IRQn, 2);
    NVIC_EnableIRQ(TIM2_IRQn);
    NVIC_EnableIRQ(TIM3_IRQn);
}

void TIM2_IRQHandler(void)
{
    if (TIM2->SR & TIM_SR_UIF) {
        TIM2->SR = ~TIM_SR_UIF;
        overflows++;
    }
}

void TIM3_IRQHandler(void)
{
    uint32_t sr = TIM3->SR;
    if (sr & TIM_SR_CC1IF) {
        uint16_t now = TIM3->CCR1; /* 读 CCR1 同时清除 CC1IF */
        /* 溢出与捕获同时挂起时，捕获值较小说明它发生在溢出之后 */
        uint32_t ovf = capture_overflows;
        if ((sr & TIM_SR_UIF) && now < 0x8000u) {
            ovf++;
            capture_overflows = 0;
            TIM3->SR = ~TIM_SR_UIF;
        } else {
            capture_overflows = 0;
        }
        period_us = ovf * 65536u + now - last_capture;
        last_capture = now;
        return;
    }
    if (sr & TIM_SR_UIF) {
        TIM3->SR = ~TIM_SR_UIF;
        if (capture_overflows < 64u)
            capture_overflows++;
    }
}

void freq_tick_1ms(void)
{
    if (++gate_ms < 1000u)
        return;
    gate_ms = 0;
    /* 读 CNT 与溢出计数时关闭 TIM2 中断，保证两者一致 */
    NVIC_DisableIRQ(TIM2_IRQn);
    uint32_t cnt = TIM2->CNT;
    if (TIM2->SR & TIM_SR_UIF) {
        TIM2->SR = ~TIM_SR_UIF;
        overflows++;
        cnt = TIM2->CNT;
    }
    gate_count = overflows * 65536u + cnt;
    overflows = 0;
    TIM2->CNT = 0;
    NVIC_EnableIRQ(TIM2_IRQn);
    gate_ready = 1;
}

int freq_poll(struct freq_result *r)
{
    if (!gate_ready)
        return 0;
    gate_ready = 0;
    uint32_t count = gate_count;
    uint32_t period = period_us;
    if (count < LOW_FREQ_LIMIT_HZ && period > 0u) {
        r->method = FREQ_BY_PERIOD;
        r->millihertz = (uint32_t)(1000000000ull / period);
    } else {
        r->method = FREQ_BY_GATE;
        r->millihertz = count * 1000u;
    }
    return 1;
}
`;

export const UART_H = `#ifndef UART_H
#define UART_H

#include <stdint.h>

void uart_init(uint32_t baud);
void uart_putc(char c);

#endif
`;

export const UART_C = `#include "stm32f1xx.h"
#include "uart.h"

void uart_init(uint32_t baud)
{
    RCC->APB2ENR |= RCC_APB2ENR_IOPAEN | RCC_APB2ENR_USART1EN;
    /* PA9 复用推挽 50 MHz（0xB），PA10 浮空输入（0x4） */
    GPIOA->CRH = (GPIOA->CRH & ~(0xFFu << 4)) | (0xBu << 4) | (0x4u << 8);
    /* PCLK2 = 72 MHz：115200 时 BRR = 0x271 */
    USART1->BRR = (72000000u + baud / 2u) / baud;
    USART1->CR1 = USART_CR1_UE | USART_CR1_TE | USART_CR1_RE;
}

void uart_putc(char c)
{
    while (!(USART1->SR & USART_SR_TXE)) {
    }
    USART1->DR = (uint8_t)c;
}

/* newlib 的 printf 经 _write 输出到串口 */
int _write(int fd, const char *buf, int len)
{
    (void)fd;
    for (int i = 0; i < len; i++)
        uart_putc(buf[i]);
    return len;
}
`;

export const MAKEFILE = `# arm-none-eabi-gcc 构建；CMSIS 指向 STM32CubeF1/Drivers/CMSIS
CMSIS ?= ../../STM32CubeF1/Drivers/CMSIS
CC = arm-none-eabi-gcc
OBJCOPY = arm-none-eabi-objcopy
CFLAGS = -mcpu=cortex-m3 -mthumb -O2 -g -Wall -Wextra -std=c11 -DSTM32F103xB \\
         -I. -I$(CMSIS)/Include -I$(CMSIS)/Device/ST/STM32F1xx/Include
LDFLAGS = -mcpu=cortex-m3 -mthumb -T STM32F103C8Tx_FLASH.ld --specs=nano.specs \\
          --specs=nosys.specs -Wl,--gc-sections
SRCS = main.c freq.c uart.c $(CMSIS)/Device/ST/STM32F1xx/Source/Templates/system_stm32f1xx.c
STARTUP = $(CMSIS)/Device/ST/STM32F1xx/Source/Templates/gcc/startup_stm32f103xb.s

build/freqmeter.bin: build/freqmeter.elf
\t$(OBJCOPY) -O binary $< $@

build/freqmeter.elf: $(SRCS) $(STARTUP)
\tmkdir -p build
\t$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@

clean:
\trm -rf build

.PHONY: clean
`;

export const LINKER = `/* STM32F103C8：64 KB Flash，20 KB SRAM；符号与 CMSIS 的 startup_stm32f103xb.s 对应 */
ENTRY(Reset_Handler)

MEMORY
{
  FLASH (rx)  : ORIGIN = 0x08000000, LENGTH = 64K
  RAM   (xrw) : ORIGIN = 0x20000000, LENGTH = 20K
}

_estack = ORIGIN(RAM) + LENGTH(RAM);

SECTIONS
{
  .isr_vector : { . = ALIGN(4); KEEP(*(.isr_vector)) . = ALIGN(4); } >FLASH
  .text :
  {
    *(.text*) *(.rodata*)
    KEEP(*(.init)) KEEP(*(.fini))
    . = ALIGN(4);
    _etext = .;
  } >FLASH
  .ARM.exidx : { *(.ARM.exidx*) } >FLASH
  .preinit_array :
  {
    PROVIDE_HIDDEN(__preinit_array_start = .);
    KEEP(*(.preinit_array*))
    PROVIDE_HIDDEN(__preinit_array_end = .);
  } >FLASH
  .init_array :
  {
    PROVIDE_HIDDEN(__init_array_start = .);
    KEEP(*(SORT(.init_array.*))) KEEP(*(.init_array*))
    PROVIDE_HIDDEN(__init_array_end = .);
  } >FLASH
  .fini_array :
  {
    PROVIDE_HIDDEN(__fini_array_start = .);
    KEEP(*(SORT(.fini_array.*))) KEEP(*(.fini_array*))
    PROVIDE_HIDDEN(__fini_array_end = .);
  } >FLASH
  _sidata = LOADADDR(.data);
  .data : { . = ALIGN(4); _sdata = .; *(.data*) . = ALIGN(4); _edata = .; } >RAM AT> FLASH
  .bss :
  {
    . = ALIGN(4); _sbss = .; __bss_start__ = _sbss;
    *(.bss*) *(COMMON)
    . = ALIGN(4); _ebss = .; __bss_end__ = _ebss;
  } >RAM
  . = ALIGN(8);
  PROVIDE(end = .);
  PROVIDE(_end = .);
}
`;
