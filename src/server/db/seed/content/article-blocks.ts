/**
 * Code listings and tables placed in demo articles after their key points,
 * each used by one article (keyed 'code.x' / 'table.x'); `{part}` is replaced
 * with the article's subject. The rest of every body is written for its
 * article alone (article-sections.ts).
 */

export interface Block {
  heading: string;
  html: string;
}

function esc(code: string): string {
  return code.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function codeBlock(lang: string, code: string): string {
  return `<pre><code class="language-${lang}">${esc(code.trim())}</code></pre>`;
}

function table(head: string[], rows: string[][]): string {
  const th = head.map((h) => `<th>${h}</th>`).join('');
  const trs = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${trs}</tbody></table>`;
}

/** Optional extra sections with code or a table, keyed by name. */
export const EXTRAS: Record<string, Block> = {
  'code.stm32-clock': {
    heading: '参考代码：HAL 库配置 72 MHz',
    html: `<p>下面的代码使用 8 MHz 外部晶振，经 PLL 九倍频得到 72 MHz 系统时钟，APB1 二分频以满足 36 MHz 的上限：</p>${codeBlock(
      'c',
      `
RCC_OscInitTypeDef osc = {0};
RCC_ClkInitTypeDef clk = {0};
osc.OscillatorType = RCC_OSCILLATORTYPE_HSE;
osc.HSEState = RCC_HSE_ON;
osc.PLL.PLLState = RCC_PLL_ON;
osc.PLL.PLLSource = RCC_PLLSOURCE_HSE;
osc.PLL.PLLMUL = RCC_PLL_MUL9;            /* 8 MHz x 9 = 72 MHz */
HAL_RCC_OscConfig(&osc);
clk.ClockType = RCC_CLOCKTYPE_SYSCLK | RCC_CLOCKTYPE_HCLK
              | RCC_CLOCKTYPE_PCLK1 | RCC_CLOCKTYPE_PCLK2;
clk.SYSCLKSource = RCC_SYSCLKSOURCE_PLLCLK;
clk.AHBCLKDivider = RCC_SYSCLK_DIV1;
clk.APB1CLKDivider = RCC_HCLK_DIV2;       /* APB1 <= 36 MHz */
clk.APB2CLKDivider = RCC_HCLK_DIV1;
HAL_RCC_ClockConfig(&clk, FLASH_LATENCY_2);`,
    )}`,
  },
  'code.pwm': {
    heading: '参考代码：TIM1 互补 PWM 与死区',
    html: `<p>高级定时器 TIM1 支持互补输出和死区插入，下面配置 20 kHz PWM，死区约 1 μs：</p>${codeBlock(
      'c',
      `
htim1.Init.Prescaler = 0;
htim1.Init.Period = 3600 - 1;             /* 72 MHz / 3600 = 20 kHz */
htim1.Init.CounterMode = TIM_COUNTERMODE_CENTERALIGNED1;
HAL_TIM_PWM_Init(&htim1);
TIM_BreakDeadTimeConfigTypeDef bdt = {0};
bdt.DeadTime = 72;                        /* 72 / 72 MHz = 1 us */
bdt.BreakState = TIM_BREAK_ENABLE;
bdt.BreakPolarity = TIM_BREAKPOLARITY_LOW;
bdt.AutomaticOutput = TIM_AUTOMATICOUTPUT_DISABLE;
HAL_TIMEx_ConfigBreakDeadTime(&htim1, &bdt);
HAL_TIM_PWM_Start(&htim1, TIM_CHANNEL_1);
HAL_TIMEx_PWMN_Start(&htim1, TIM_CHANNEL_1);`,
    )}`,
  },
  'code.adc-dma': {
    heading: '参考代码：ADC 扫描 + DMA 循环模式',
    html: `<p>四个通道连续扫描，DMA 以循环模式把结果写入数组，CPU 只需在半传输和传输完成中断里处理数据：</p>${codeBlock(
      'c',
      `
static uint16_t adc_buf[4 * 32];
hadc1.Init.ScanConvMode = ADC_SCAN_ENABLE;
hadc1.Init.ContinuousConvMode = ENABLE;
hadc1.Init.NbrOfConversion = 4;
HAL_ADC_Init(&hadc1);
HAL_ADCEx_Calibration_Start(&hadc1);      /* F1 系列上电后先校准 */
HAL_ADC_Start_DMA(&hadc1, (uint32_t *)adc_buf, 4 * 32);

void HAL_ADC_ConvHalfCpltCallback(ADC_HandleTypeDef *h) { process(&adc_buf[0], 16); }
void HAL_ADC_ConvCpltCallback(ADC_HandleTypeDef *h)     { process(&adc_buf[64], 16); }`,
    )}`,
  },
  'code.queue': {
    heading: '参考代码：中断向任务发送数据',
    html: `<p>在中断中必须使用带 FromISR 后缀的 API，并根据返回的标志决定是否立即切换任务：</p>${codeBlock(
      'c',
      `
static QueueHandle_t rx_queue;

void USART1_IRQHandler(void)
{
    BaseType_t woken = pdFALSE;
    uint8_t byte = (uint8_t)USART1->DR;
    xQueueSendFromISR(rx_queue, &byte, &woken);
    portYIELD_FROM_ISR(woken);
}

void rx_task(void *arg)
{
    uint8_t byte;
    for (;;) {
        if (xQueueReceive(rx_queue, &byte, pdMS_TO_TICKS(100)) == pdPASS) {
            parser_feed(byte);
        } else {
            parser_timeout();             /* 100 ms 无数据视为帧结束 */
        }
    }
}`,
    )}`,
  },
  'code.i2c-recover': {
    heading: '参考代码：I2C 总线解锁',
    html: `<p>当从机把 SDA 拉低不放时，主机可以把 SCL 切换为 GPIO，手动输出最多 9 个时钟，再发送一个停止条件：</p>${codeBlock(
      'c',
      `
void i2c_bus_recover(void)
{
    gpio_set_output_od(SCL_PIN);
    gpio_set_input(SDA_PIN);
    for (int i = 0; i < 9 && !gpio_read(SDA_PIN); i++) {
        gpio_write(SCL_PIN, 0); delay_us(5);
        gpio_write(SCL_PIN, 1); delay_us(5);
    }
    /* 产生 STOP：SCL 高电平期间 SDA 由低变高 */
    gpio_set_output_od(SDA_PIN);
    gpio_write(SDA_PIN, 0); delay_us(5);
    gpio_write(SDA_PIN, 1); delay_us(5);
    i2c_peripheral_reinit();
}`,
    )}`,
  },
  'table.gpio': {
    heading: 'GPIO 模式速查表',
    html: `<p>下表总结了 STM32F1 系列常用的 GPIO 模式及其典型用途：</p>${table(
      ['模式', '特点', '典型用途'],
      [
        ['推挽输出', '可主动输出高、低电平，驱动能力强', 'LED、片选、普通控制信号'],
        ['开漏输出', '只能拉低，高电平依赖上拉电阻', 'I2C、电平转换、线与逻辑'],
        ['复用推挽', '由外设控制输出', 'USART TX、SPI、PWM'],
        ['浮空输入', '无内部上下拉，输入阻抗高', '外部已有确定电平的信号'],
        ['上拉/下拉输入', '内部约 40 kΩ 上下拉', '按键、拨码开关'],
        ['模拟输入', '关闭施密特触发器，功耗最低', 'ADC 输入、低功耗时的闲置引脚'],
      ],
    )}`,
  },
  'table.can': {
    heading: '经典 CAN 与 CAN FD 对比',
    html: `<p>CAN FD 在保持仲裁机制兼容的前提下，大幅提高了数据段速率和单帧数据长度：</p>${table(
      ['项目', '经典 CAN', 'CAN FD'],
      [
        ['单帧数据长度', '最多 8 字节', '最多 64 字节'],
        ['数据段速率', '最高 1 Mbit/s', '通常 2–5 Mbit/s'],
        ['CRC', '15 位', '17 位或 21 位，另加填充位计数'],
        ['帧格式标志', '无', 'FDF、BRS、ESI 位'],
        ['典型应用', '车身、舒适系统', '动力域、ADAS、刷写'],
      ],
    )}`,
  },
  'table.ldo-dcdc': {
    heading: 'LDO 与 DC-DC 对比',
    html: `<p>两类稳压器各有所长，下表列出选型时最常比较的几项：</p>${table(
      ['指标', 'LDO', 'DC-DC（Buck）'],
      [
        ['效率', '约等于 Vout/Vin，压差大时很低', '通常 85%–95%'],
        ['输出噪声', '很低，PSRR 好', '存在开关纹波，需要滤波'],
        ['外围器件', '两颗电容即可', '电感、二极管或同步管、多颗电容'],
        ['EMI', '几乎没有', '需要注意布局与滤波'],
        ['成本与面积', '低、小', '较高、较大'],
        ['适用场景', '小压差、小电流、噪声敏感', '大压差、大电流、电池供电'],
      ],
    )}`,
  },
  'table.dbm': {
    heading: 'dBm 与功率换算表',
    html: `<p>记住几个常用值，估算链路时会快很多：</p>${table(
      ['dBm', '功率', '常见场景'],
      [
        ['+30', '1 W', '大功率对讲机'],
        ['+20', '100 mW', 'Wi-Fi 路由器最大发射功率'],
        ['+14', '25 mW', 'LoRa 节点常用发射功率'],
        ['0', '1 mW', 'BLE 典型发射功率'],
        ['−90', '1 pW', 'Wi-Fi 接收灵敏度量级'],
        ['−137', '约 0.02 fW', 'LoRa SF12 接收灵敏度量级'],
      ],
    )}`,
  },
  'table.asil': {
    heading: 'ASIL 等级与硬件指标',
    html: `<p>ISO 26262 对不同 ASIL 等级的硬件架构度量提出了量化要求：</p>${table(
      ['ASIL', '单点故障度量 SPFM', '潜伏故障度量 LFM', '随机硬件失效率 PMHF'],
      [
        ['B', '≥ 90%', '≥ 60%', '&lt; 100 FIT'],
        ['C', '≥ 97%', '≥ 80%', '&lt; 100 FIT'],
        ['D', '≥ 99%', '≥ 90%', '&lt; 10 FIT'],
      ],
    )}`,
  },
  'table.filter': {
    heading: '两种有源滤波拓扑对比',
    html: `<p>二阶有源低通滤波器最常用的两种结构各有特点：</p>${table(
      ['项目', 'Sallen-Key', '多重反馈 MFB'],
      [
        ['增益', '同相，单位增益时元件最少', '反相，可方便设置增益'],
        ['对运放带宽要求', '较低', '较高'],
        ['高频阻带衰减', '受运放输出阻抗影响会回升', '较好'],
        ['元件灵敏度', '高 Q 值时较敏感', '较低'],
      ],
    )}`,
  },
  'code.esp32-sleep': {
    heading: '参考代码：ESP32 定时唤醒深度睡眠',
    html: `<p>深度睡眠期间只保留 RTC 域，唤醒后程序从头运行，需要保留的数据放在 RTC 内存中：</p>${codeBlock(
      'c',
      `
RTC_DATA_ATTR static uint32_t boot_count = 0;

void app_main(void)
{
    boot_count++;
    sensor_read_and_publish();            /* 采样并通过 MQTT 上报 */
    esp_wifi_stop();
    esp_sleep_enable_timer_wakeup(10ULL * 60 * 1000000); /* 10 分钟 */
    ESP_LOGI("app", "boot %lu, entering deep sleep", boot_count);
    esp_deep_sleep_start();
}`,
    )}`,
  },
  'code.mqtt': {
    heading: '参考代码：Python 网关上报 MQTT',
    html: `<p>网关侧采集数据后以 JSON 格式发布到 MQTT 主题，QoS 1 保证至少送达一次：</p>${codeBlock(
      'python',
      `
import json, time
import paho.mqtt.client as mqtt

client = mqtt.Client(client_id="gateway-01")
client.tls_set()                          # 生产环境务必启用 TLS
client.connect("mqtt.example.com", 8883)
client.loop_start()

while True:
    sample = read_modbus_registers()      # 读取现场设备
    payload = json.dumps({"ts": int(time.time()), "data": sample})
    client.publish("factory/line1/telemetry", payload, qos=1)
    time.sleep(5)`,
    )}`,
  },
  'code.tflm': {
    heading: '参考代码：TensorFlow Lite Micro 推理',
    html: `<p>模型以 C 数组形式编译进固件，张量区 arena 的大小需要根据实际模型调整：</p>${codeBlock(
      'cpp',
      `
constexpr int kArenaSize = 40 * 1024;
alignas(16) static uint8_t arena[kArenaSize];

const tflite::Model* model = tflite::GetModel(g_model_data);
static tflite::MicroMutableOpResolver<5> resolver;
resolver.AddConv2D(); resolver.AddDepthwiseConv2D();
resolver.AddFullyConnected(); resolver.AddSoftmax(); resolver.AddReshape();
static tflite::MicroInterpreter interpreter(model, resolver, arena, kArenaSize);
interpreter.AllocateTensors();

TfLiteTensor* input = interpreter.input(0);
fill_features(input->data.int8);          // 已量化的 int8 特征
interpreter.Invoke();
int8_t score = interpreter.output(0)->data.int8[1];`,
    )}`,
  },
  'code.complementary': {
    heading: '参考代码：互补滤波求俯仰角',
    html: `<p>陀螺仪积分短期准确、长期漂移，加速度计长期稳定、短期噪声大，互补滤波把两者按权重融合：</p>${codeBlock(
      'c',
      `
float pitch = 0.0f;
const float alpha = 0.98f;                /* 陀螺仪权重 */

void imu_update(float gx, float ax, float az, float dt)
{
    float acc_pitch = atan2f(ax, az) * 57.2958f;
    pitch = alpha * (pitch + gx * dt) + (1.0f - alpha) * acc_pitch;
}`,
    )}`,
  },
};
