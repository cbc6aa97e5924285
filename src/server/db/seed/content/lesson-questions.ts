/**
 * Demo questions on the lessons of 刘建国's STM32 course (课时问答, issue 26), written per lesson.
 * `member` is the demo member's index (0–2); member 1 bought the course, so only they ask on
 * its paid lessons; the free first lesson is open to all. Answers are the teacher's (his own
 * account, 13800138006), `daysAgo` counts back from the seed's now.
 */
export interface DemoQuestion {
  lesson: string;
  member: number;
  daysAgo: number;
  content: string;
  answer?: string;
  pinned?: boolean;
  resolved?: boolean;
}

export const LESSON_QUESTIONS_COURSE = 'STM32F103 从零到项目';
export const LESSON_QUESTIONS_TEACHER = '13800138006';

export const LESSON_QUESTIONS: DemoQuestion[] = [
  {
    lesson: '开发环境搭建与第一个点灯程序',
    member: 2,
    daysAgo: 9,
    content:
      'Keil 编译通过，但是用 ST-Link 下载时提示 “No target connected”，接线检查过了，怎么排查？',
    answer:
      '先在 Options → Debug → Settings 里看能否识别到 IDCODE；识别不到多半是 BOOT0 没接地或 SWDIO/SWCLK 接反。板子上的程序如果把 PA13/PA14 配成了普通 IO，需要按住复位再点下载（Connect under Reset）。',
    pinned: true,
    resolved: true,
  },
  {
    lesson: '开发环境搭建与第一个点灯程序',
    member: 1,
    daysAgo: 6,
    content: '我的最小系统板 LED 接在 PC13 上，是低电平点亮吗？视频里写 1 灯不亮。',
    answer:
      '是的，C8T6 最小系统板的 PC13 LED 一般是阳极接 3.3 V、低电平点亮，所以要写 GPIO_PIN_RESET。另外 PC13 驱动能力弱，只适合点灯，不要拿它直接驱动负载。',
  },
  {
    lesson: '开发环境搭建与第一个点灯程序',
    member: 2,
    daysAgo: 2,
    content: 'STM32CubeIDE 和 Keil 两套环境都要装吗？学校机房只能装一个。',
  },
  {
    lesson: '时钟树：HSE、PLL 与 72 MHz 系统时钟',
    member: 0,
    daysAgo: 4,
    content: '外部晶振换成 12 MHz 的话，PLL 倍频应该设成多少？还能跑到 72 MHz 吗？',
    answer:
      '12 MHz × 6 = 72 MHz，把 PLLMUL 设为 6 即可；注意 USB 需要 48 MHz，这时 USB 预分频选 1.5 正好。HSE_VALUE 宏也要改成 12000000，否则 HAL 算出的波特率会偏。',
    resolved: true,
  },
  {
    lesson: 'GPIO 八种模式与按键消抖',
    member: 0,
    daysAgo: 1,
    content: '开漏输出加上拉电阻和推挽输出在驱动 I2C 时有什么区别？为什么 I2C 必须用开漏？',
  },
];
