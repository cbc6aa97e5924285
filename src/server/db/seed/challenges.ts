/**
 * 项目挑战 (issue 28): one running challenge in the Funpack / "Follow me" style on the STM32F103
 * kit, with the MCU motor-control broadcast as its kickoff and four tasks; two demo members
 * (13800138002, 13800138003) joined, submitted real write-ups and were accepted, so the gallery
 * shows their work and each holds the badge, the reward code and its notice in 我的消息.
 */
import { grantChallengeReward } from '../../services/learning/index.ts';
import { insertReturningIds, insertRows, shift, type SeedContext } from './util.ts';

const TASKS: { title: string; body: string }[] = [
  {
    title: '任务一：开箱点灯与按键中断',
    body: '用 STM32CubeIDE 或 Keil 建立工程，配置 72 MHz 系统时钟；让 PC13 上的 LED 以 1 Hz 闪烁，再用 PA0 按键的外部中断在 1 Hz、5 Hz 两档之间切换，注意按键消抖。',
  },
  {
    title: '任务二：OLED 显示温湿度',
    body: '用 I2C 驱动 0.96 寸 OLED，按单总线时序读取 DHT11 的温度和湿度，每 2 秒刷新一次；读取失败（校验和错误）时在屏幕上给出提示而不是显示旧数据。',
  },
  {
    title: '任务三：定时器 PWM 与 ADC + DMA',
    body: '用 TIM3 输出 1 kHz PWM 驱动 LED，占空比跟随电位器变化：ADC1 连续转换、DMA 循环搬运到数组，取 16 次平均后映射到 0–100% 占空比。提交示波器截图或视频。',
  },
  {
    title: '任务四：CAN 收发与波形分析',
    body: '用套件中的 CAN 收发模块配置 500 kbit/s，两块板互发计数帧（没有第二块板可用回环模式）；用示波器测 CANH/CANL 的差分波形，说明位时间和采样点的设置。',
  },
];

const WRITEUPS: { title: string; body: string; video: string; code: string }[] = [
  {
    title: 'Follow me 四个任务全记录：从点灯到 CAN 差分波形',
    body: [
      '拿到套件先核对了清单：STM32F103RCT6 核心板、OLED、DHT11、CAN 模块和 ST-Link 都在。工程用 CubeIDE 生成，HSE 8 MHz 经 PLL 九倍频到 72 MHz，APB1 分频到 36 MHz，这一点在任务四配置 CAN 波特率时很关键。',
      '任务一的按键消抖没有用延时，而是在 EXTI 中断里只记录时间戳，在 SysTick 里判断 20 ms 后电平仍为低才算一次按下，这样中断里不阻塞，LED 闪烁频率也不会被按键打乱。',
      '任务二踩了一个坑：DHT11 的 40 位数据靠测高电平宽度区分 0 和 1，我最开始用 HAL_Delay 做微秒延时，结果全是校验错误。改成 TIM2 以 1 MHz 计数测脉宽后，连续读了一个小时没有一次失败。读取失败时屏幕显示“传感器读取失败”，不会停在旧数据上。',
      '任务三中 ADC 用连续转换加 DMA 循环模式，16 个采样取平均后映射到 TIM3 的 CCR，占空比变化很平滑。任务四两块板互发计数帧，500 kbit/s 下预分频 4、BS1 为 13 tq、BS2 为 4 tq，采样点约 77.8%。示波器上 CANH 与 CANL 的差分电压显性约 2 V、隐性接近 0 V，波形和视频都在下面的链接里。',
    ].join('\n\n'),
    video: 'https://www.bilibili.com/video/BV1Fm4y1Q7Zk',
    code: 'https://gitee.com/wanghaoran-dev/stm32f103-follow-me',
  },
  {
    title: '用 STM32F103 做一个会“说话”的温湿度节点：Follow me 挑战作品',
    body: [
      '我把四个任务串成了一个小项目：板子采集温湿度显示在 OLED 上，通过 CAN 发给另一块板，另一块板用 PWM 调节 LED 亮度表示湿度高低。这样每个任务都不是孤立的练习，而是项目里的一个模块。',
      '点灯和按键中断部分，我用按键在“本地显示”和“CAN 转发”两种模式之间切换，LED 的闪烁频率表示当前模式。为了不在中断里做耗时操作，中断只置一个标志，主循环里处理模式切换。',
      'ADC + DMA 部分没有只做平均，而是加了一个滑动窗口，电位器快速拧动时占空比跟得上，静止时也不抖。PWM 频率选 1 kHz，人眼看不到闪烁，示波器上占空比和电位器读数一一对应。',
      'CAN 部分先用回环模式调通过滤器，再接两块板。调试时发现终端电阻只接了一端，波形有明显振铃；两端各接 120 Ω 后边沿干净了。采样点设在 75% 左右，长线上通信也稳定。完整的接线图、源码和演示视频都已上传。',
    ].join('\n\n'),
    video: 'https://www.bilibili.com/video/BV1Ts4y1B7Xw',
    code: 'https://github.com/lixiaomei-hw/follow-me-stm32-node',
  },
];

export async function seedChallenges(ctx: SeedContext, memberIds: number[]): Promise<void> {
  const course = async (like: string) =>
    (
      await ctx.db
        .selectFrom('courses')
        .select('id')
        .where('title', 'like', `${like}%`)
        .executeTakeFirstOrThrow()
    ).id;
  const live = await ctx.db
    .selectFrom('live_broadcasts')
    .select('id')
    .where('title', 'like', '国产 32 位 MCU 电机控制%')
    .executeTakeFirstOrThrow();
  const created = shift(ctx.now, { days: -20 });
  const [challengeId] = await insertReturningIds(ctx, 'challenges', 'title', [
    {
      title: 'Follow me 第 1 期：STM32F103 开发板套件任务挑战',
      summary:
        '购买 STM32F103 开发板套件，跟着开营直播完成点灯、OLED 温湿度显示、PWM 与 ADC、CAN 通信四个任务，提交带视频和源码链接的作品总结。审核通过即送《STM32F103 从零到项目》课程兑换码和“Follow me 第 1 期完成者”徽章。',
      kit_course_id: await course('STM32F103 开发板套件'),
      live_id: live.id,
      signup_start: shift(ctx.now, { days: -15 }),
      signup_end: shift(ctx.now, { days: 20 }),
      deadline: shift(ctx.now, { days: 40 }),
      reward_kind: 'code',
      reward_course_id: await course('STM32F103 从零到项目'),
      reward_days: 90,
      badge_name: 'Follow me 第 1 期完成者',
      status: 'published',
      created_at: created,
      updated_at: created,
    },
  ]);
  const id = challengeId!;
  await insertRows(
    ctx,
    'challenge_tasks',
    TASKS.map((t, i) => ({ challenge_id: id, position: i + 1, ...t })),
  );
  const authors = [memberIds[1]!, memberIds[2]!];
  await insertRows(
    ctx,
    'challenge_members',
    authors.map((userId, i) => ({
      challenge_id: id,
      user_id: userId,
      joined_at: shift(ctx.now, { days: -14 + i }),
    })),
  );
  for (const [i, w] of WRITEUPS.entries()) {
    const reviewed = shift(ctx.now, { days: -3 + i });
    const [submissionId] = await insertReturningIds(ctx, 'challenge_submissions', 'title', [
      {
        challenge_id: id,
        user_id: authors[i]!,
        title: w.title,
        body: w.body,
        video_url: w.video,
        code_url: w.code,
        state: 'accepted',
        submitted_at: shift(ctx.now, { days: -5 + i }),
        reviewed_at: reviewed,
      },
    ]);
    await grantChallengeReward(ctx.db, submissionId!, new Date(reviewed));
    // What the reward wrote, so the seed's report holds it too.
    for (const table of ['redemption_codes', 'member_badges', 'message_log', 'notices'])
      ctx.counts[table] = (ctx.counts[table] ?? 0) + 1;
  }
}
