import { describe, expect, it } from 'vitest';
import {
  chapterAt,
  cueAt,
  formatChapters,
  parseChapters,
  parseVtt,
} from '../../src/shared/media-text.ts';

describe('chapters as typed in the console', () => {
  it('reads 分:秒 and 时:分:秒 lines in order, skipping blank lines', () => {
    expect(parseChapters('00:00 开场\n\n02:30 分压电路\r\n1:00:05 总结')).toEqual({
      ok: true,
      value: [
        { at: 0, title: '开场' },
        { at: 150, title: '分压电路' },
        { at: 3605, title: '总结' },
      ],
    });
    expect(
      formatChapters([
        { at: 150, title: '分压电路' },
        { at: 3605, title: '总结' },
      ]),
    ).toBe('02:30 分压电路\n1:00:05 总结');
  });

  it('names the line of a refusal', () => {
    expect(parseChapters('00:00 开场\n2:3 错的')).toEqual({
      ok: false,
      message: '第 2 行：格式应为“分:秒 标题”，例如 “02:30 分压电路”',
    });
    expect(parseChapters('00:10 二\n00:05 一')).toEqual({
      ok: false,
      message: '第 2 行：章节时间必须从前往后排列，且不能重复',
    });
    expect(parseChapters('00:00 开场\n05:00 结尾', 120)).toEqual({
      ok: false,
      message: '第 2 行：章节时间超出了视频时长',
    });
    expect(parseChapters(`00:00 ${'长'.repeat(61)}`)).toMatchObject({ ok: false });
    expect(parseChapters('00:61 x')).toMatchObject({ ok: false });
  });

  it('finds the chapter playing', () => {
    const c = [
      { at: 10, title: 'a' },
      { at: 60, title: 'b' },
    ];
    expect([chapterAt(c, 5), chapterAt(c, 10), chapterAt(c, 59.9), chapterAt(c, 600)]).toEqual([
      -1, 0, 0, 1,
    ]);
  });
});

describe('WebVTT subtitles', () => {
  const vtt = [
    'WEBVTT - 分压电路',
    '',
    'NOTE 讲义第一节',
    '',
    '1',
    '00:00.000 --> 00:03.500 align:start',
    '<v 讲师>大家好，今天讲分压电路。',
    '',
    '00:03.500 --> 00:07.000',
    '两个电阻串联，',
    '输出取自下面那个电阻。',
    '',
    '01:00:00.000 --> 01:00:02.000',
    'R1 &amp; R2',
  ].join('\n');

  it('reads cues with identifiers, settings, NOTE blocks, tags and entities', () => {
    expect(parseVtt(vtt)).toEqual({
      ok: true,
      value: [
        { start: 0, end: 3.5, text: '大家好，今天讲分压电路。' },
        { start: 3.5, end: 7, text: '两个电阻串联， 输出取自下面那个电阻。' },
        { start: 3600, end: 3602, text: 'R1 & R2' },
      ],
    });
  });

  it('refuses a malformed file with the line number', () => {
    expect(parseVtt('1\n00:00.000 --> 00:01.000\nx')).toEqual({
      ok: false,
      message: '第 1 行：字幕文件必须以 WEBVTT 开头',
    });
    expect(
      parseVtt('WEBVTT\n\n00:00.000 --> 00:01.000\n好\n\n00:02,000 --> 00:03.000\n坏'),
    ).toEqual({ ok: false, message: '第 6 行：时间格式不正确，应为 “00:01.000 --> 00:04.000”' });
    expect(parseVtt('WEBVTT\n\nid\n00:05.000 --> 00:04.000\n倒')).toEqual({
      ok: false,
      message: '第 4 行：结束时间必须晚于开始时间',
    });
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n')).toEqual({
      ok: false,
      message: '第 3 行：字幕内容不能为空',
    });
    expect(parseVtt('WEBVTT\n')).toEqual({ ok: false, message: '字幕文件中没有字幕' });
  });

  it('finds the cue playing', () => {
    const r = parseVtt(vtt);
    if (!r.ok) throw new Error(r.message);
    expect([
      cueAt(r.value, 1),
      cueAt(r.value, 3.5),
      cueAt(r.value, 8),
      cueAt(r.value, 3601),
    ]).toEqual([0, 1, -1, 2]);
  });
});
