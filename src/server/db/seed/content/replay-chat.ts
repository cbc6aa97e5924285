/**
 * What the audience said during the two ended demo broadcasts (issue 26): chat lines and
 * questions at their second of the broadcast, written per topic to follow the replay's
 * chapters (content/media-text.ts), some answered by the host and one pinned. The replay
 * shows each at its media time.
 */

export interface ReplayChatLine {
  /** Seconds into the broadcast. */
  at: number;
  /** Demo member 0, 1 or 2 (13800138001…003). */
  member: 0 | 1 | 2;
  kind: 'message' | 'question';
  content: string;
  /** The host's answer, for an answered question. */
  answer?: string;
  pinned?: boolean;
  /** Members (other than the author) who voted the question up. */
  voters?: (0 | 1 | 2)[];
}

/** By broadcast title. */
export const REPLAY_CHAT: { live: string; lines: ReplayChatLine[] }[] = [
  {
    live: '高效率 DC-DC 设计研讨会：从拓扑选择到 EMI 优化',
    lines: [
      { at: 60, member: 0, kind: 'message', content: '老师好，提前占座，今天主要想听 EMI 部分。' },
      {
        at: 330,
        member: 1,
        kind: 'question',
        content: '同步 Buck 轻载时效率反而下降，是不是要打开 PFM 模式？',
        answer:
          '对。轻载时开关损耗和驱动损耗占主导，选带 PFM 或跳脉冲模式的控制器，轻载效率一般能从六成提到八成五以上。',
        pinned: true,
        voters: [0, 2],
      },
      {
        at: 1560,
        member: 2,
        kind: 'message',
        content: '陶瓷电容直流偏压这一点深有体会，10 µF 的 0805 在 5 V 下只剩一半容量。',
      },
      {
        at: 3050,
        member: 0,
        kind: 'question',
        content: '热回路面积小到什么程度算合格？有没有经验数值？',
        answer:
          '没有统一的数值。经验上把输入电容紧贴上管漏极和下管源极放置，回路在顶层闭合、不走过孔，面积控制在几平方毫米。',
        voters: [1],
      },
      {
        at: 4560,
        member: 1,
        kind: 'message',
        content: '6 dB 余量应该够过 CISPR 32 Class B 了吧？',
      },
      {
        at: 6400,
        member: 2,
        kind: 'question',
        content: '开关频率调高以后电感可以变小，EMI 会更好还是更差？',
        voters: [0, 1],
      },
    ],
  },
  {
    live: '精密信号链设计：24 位 ADC 与低噪声运放实战',
    lines: [
      { at: 90, member: 1, kind: 'message', content: '来学习了，最近正在调 ADS1256。' },
      {
        at: 520,
        member: 0,
        kind: 'question',
        content: '数据手册里的噪声表是短路输入测的吗？接上传感器以后会差多少？',
        answer:
          '是短路输入测的。接传感器后要加上传感器和前端电阻的热噪声：1 kΩ 源阻抗约 4 nV/√Hz，和 ADC 的输入噪声按平方和开方合成。',
        pinned: true,
        voters: [1, 2],
      },
      {
        at: 1850,
        member: 2,
        kind: 'message',
        content: '电流噪声这块以前一直忽略了，高阻源确实要注意。',
      },
      {
        at: 3350,
        member: 1,
        kind: 'question',
        content: '基准电压的滤波 RC 取多大合适？会不会影响建立时间？',
        answer:
          '常见取 1 kΩ 加 10 µF，截止约 16 Hz。上电后等五个时间常数再开始转换；运行中基准电流基本不变，不影响每次转换的建立。',
        voters: [0],
      },
      {
        at: 4850,
        member: 0,
        kind: 'message',
        content: '短路噪声 0.6 微伏峰峰值，这个结果很漂亮。',
      },
    ],
  },
];
