/**
 * The RTOS and connected-device subjects of the demo lesson slides: scheduling and
 * inter-task communication, Wi-Fi/MQTT/OTA, LoRa link budgets and battery life
 * (see lesson-slides.ts).
 */
import type { Diagram, SlideText, Topic } from './lesson-slides.ts';

const s = (title: string, bullets: string[], diagram: Diagram): SlideText => ({
  title,
  bullets,
  diagram,
});

export const IOT_TOPICS: Topic[] = [
  {
    key: 'rtos',
    words: [
      'RTOS',
      '任务',
      '调度',
      '队列',
      '信号量',
      '互斥',
      '优先级继承',
      '内存管理',
      '栈溢出',
      '操作系统',
    ],
    slides: [
      s(
        '抢占式调度',
        [
          '就绪态中优先级最高的任务获得 CPU',
          '同优先级任务按时间片轮转',
          'SysTick 每 1 ms 触发一次调度检查',
        ],
        { kind: 'gantt', labels: ['HIGH', 'MID', 'LOW', 'IDLE'] },
      ),
      s(
        '上下文切换',
        [
          'PendSV 以最低优先级执行切换',
          '保存 R4–R11 到当前任务栈，换出 PSP',
          '恢复下一个任务的寄存器并返回',
        ],
        { kind: 'blocks', labels: ['SYSTICK', 'PENDSV', 'SAVE', 'SWITCH', 'RESTORE'] },
      ),
      s(
        '队列与信号量',
        [
          '队列按值拷贝数据，可在中断中发送',
          '二值信号量用于中断与任务同步',
          '计数信号量管理多个同类资源',
        ],
        { kind: 'blocks', labels: ['ISR', 'QUEUE', 'TASK A', 'TASK B'] },
      ),
      s(
        '优先级反转',
        [
          '低优先级任务持锁时被中优先级抢占',
          '互斥量的优先级继承临时提升持锁任务',
          '临界区要短，避免在持锁时阻塞',
        ],
        { kind: 'gantt', labels: ['HIGH', 'MID', 'LOW'] },
      ),
      s(
        '内存与栈',
        [
          'heap_4 合并相邻空闲块，减少碎片',
          'uxTaskGetStackHighWaterMark 查看栈余量',
          '开启 configCHECK_FOR_STACK_OVERFLOW',
        ],
        { kind: 'bars', labels: ['T1', 'T2', 'T3', 'IDLE'], values: [6, 3, 8, 2] },
      ),
    ],
  },
  {
    key: 'iot',
    words: [
      'ESP32',
      'ESP-IDF',
      'Wi-Fi',
      'BLE',
      'MQTT',
      'NVS',
      'OTA',
      '云',
      'LoRa',
      '网关',
      '组网',
      'AI',
    ],
    slides: [
      s(
        '系统架构',
        [
          '设备端采集数据并通过无线上报',
          '网关或路由器把数据转发到云平台',
          '云端下发命令与固件升级',
        ],
        { kind: 'blocks', labels: ['SENSE', 'ESP32', 'WIFI AP', 'MQTT', 'CLOUD'] },
      ),
      s(
        '连接状态机',
        [
          '事件循环分发 Wi-Fi 与 IP 事件',
          '断线后指数退避重连，避免风暴',
          '连接成功后再启动 MQTT 客户端',
        ],
        { kind: 'blocks', labels: ['INIT', 'SCAN', 'CONNECT', 'GOT IP', 'ONLINE'] },
      ),
      s(
        'MQTT 发布与订阅',
        [
          '主题分层命名，如 device/ID/telemetry',
          'QoS 1 至少送达一次，需要幂等处理',
          '遗嘱消息让云端感知设备离线',
        ],
        { kind: 'blocks', labels: ['DEVICE', 'BROKER', 'APP'] },
      ),
      s(
        'OTA 分区与回滚',
        [
          'ota_0 与 ota_1 两个分区交替写入',
          '新固件自检通过后才标记为有效',
          '自检失败重启后自动回滚到旧版本',
        ],
        { kind: 'blocks', labels: ['BOOT', 'OTA 0', 'OTA 1', 'NVS'] },
      ),
      s(
        '链路预算',
        [
          '链路预算 = 发射功率 + 天线增益 − 接收灵敏度',
          'LoRa 扩频因子每加 1，灵敏度约好 2.5 dB',
          '空中时间随扩频因子成倍增加',
        ],
        { kind: 'bars', labels: ['SF7', 'SF8', 'SF9', 'SF10', 'SF12'], values: [2, 3, 5, 9, 18] },
      ),
      s(
        '低功耗与电池寿命',
        [
          '平均电流 = Σ 各状态电流 × 占空比',
          'Deep-sleep 电流约 10 µA 量级',
          '发射峰值决定电池与储能电容选型',
        ],
        { kind: 'bars', labels: ['TX', 'RX', 'CPU', 'SLEEP'], values: [120, 40, 20, 1] },
      ),
    ],
  },
];
