/**
 * Demo media (issue 15): every item the seed lists has a generated video of
 * exactly its listed length; short videos are vertical; the broadcasts'
 * recordings last as long as their windows. One item is generated here with
 * the real generator and measured.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COURSES } from '../../src/server/db/seed/content/courses.ts';
import {
  demoMediaList,
  lessonSeconds,
  type DemoMedia,
} from '../../src/server/db/seed/content/media-manifest.ts';
import { SHORT_VIDEOS, VIDEOS } from '../../src/server/db/seed/content/media.ts';
import { playlistSeconds } from '../../src/server/services/learning/index.ts';
import {
  coverSvg,
  motifOf,
  demoCoverList,
  demoCoverUrl,
  topicOf,
  wrapTitle,
} from '../../src/server/db/seed/content/covers.ts';
import {
  ffmpegPath,
  font,
  generate,
  wrap,
  writeDemoAds,
  writeDemoCovers,
} from '../../scripts/media.ts';
import { coverImg } from '../../src/shared/cover.ts';
import sharp from 'sharp';

const dir = mkdtempSync(join(tmpdir(), 'xxt-demo-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the demo media manifest', () => {
  const list = demoMediaList();

  it('has one item per lesson, featured video, short video and broadcast, with unique keys', () => {
    const lessons = COURSES.reduce((n, c) => n + c.lessons.length, 0);
    expect(list.filter((m) => m.kind === 'lesson')).toHaveLength(lessons);
    expect(list.filter((m) => m.kind === 'video')).toHaveLength(VIDEOS.length);
    expect(list.filter((m) => m.kind === 'short')).toHaveLength(SHORT_VIDEOS.length);
    expect(new Set(list.map((m) => m.key)).size).toBe(list.length);
  });

  it('lists lessons of 8 to 28 minutes, short videos vertical with their own length', () => {
    for (const m of list.filter((x) => x.kind === 'lesson')) {
      expect(m.seconds).toBeGreaterThanOrEqual(8 * 60);
      expect(m.seconds).toBeLessThan(29 * 60);
    }
    expect(lessonSeconds(0, 1)).not.toBe(lessonSeconds(0, 2));
    list
      .filter((m) => m.kind === 'short')
      .forEach((m, i) => {
        expect(m.height).toBeGreaterThan(m.width);
        expect(m.seconds).toBe(SHORT_VIDEOS[i]!.seconds);
      });
  });

  it('wraps titles by width, never inside a Latin word or number', () => {
    const title = '第2讲 时钟树：HSE、PLL 与 72 MHz 系统时钟配置详解';
    const lines = wrap(title, 8);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('').replace(/\s/g, '')).toBe(title.replace(/\s/g, ''));
    for (const word of ['HSE', 'PLL', '72', 'MHz'])
      expect(lines.some((l) => l.includes(word))).toBe(true);
    expect(wrap('短标题', 10)).toEqual(['短标题']);
  });
});

describe('generating an item', () => {
  const ffmpeg = ffmpegPath();
  it.skipIf(!ffmpeg)(
    'makes an HLS playlist exactly as long as the item, vertical for a short',
    async () => {
      const m: DemoMedia = {
        key: 'unit-short',
        kind: 'short',
        heading: '@芯学堂',
        title: '一分钟学会看电阻色环',
        seconds: 17,
        width: 270,
        height: 480,
        color: '0x2d4a3e',
      };
      await generate(
        ffmpeg!,
        m,
        existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc') ? font() : null,
        dir,
      );
      const playlist = readFileSync(join(dir, 'unit-short', 'index.m3u8'), 'utf8');
      expect(playlistSeconds(playlist)).toBe(17);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const probe = spawnSync(
        ffmpeg!,
        ['-hide_banner', '-i', join(dir, 'unit-short', 'index.m3u8')],
        {
          encoding: 'utf8',
        },
      );
      expect(probe.stderr).toMatch(/270x480/);
      expect(probe.stderr).toMatch(/Duration: 00:00:17/);
    },
    // Real ffmpeg work: its length is the machine's, so no clock (CI's own limit guards a hang).
    0,
  );
});

describe('generating a lesson', () => {
  const ffmpeg = ffmpegPath();
  it.skipIf(!ffmpeg)(
    'makes a quality ladder in one run: a master over 360p and 720p, each as long as the item',
    async () => {
      const m: DemoMedia = {
        key: 'unit-lesson',
        kind: 'lesson',
        heading: 'STM32F103 从零到项目 · 王工',
        title: '第1讲 开发环境搭建',
        seconds: 75,
        width: 1280,
        height: 720,
        color: '0x1e3a5f',
      };
      await generate(ffmpeg!, m, null, dir);
      const master = readFileSync(join(dir, 'unit-lesson', 'index.m3u8'), 'utf8');
      expect([...master.matchAll(/^(\d+p)\/index\.m3u8$/gm)].map((x) => x[1])).toEqual([
        '360p',
        '720p',
      ]);
      expect(master).toMatch(/RESOLUTION=640x360,CODECS="avc1\.[0-9a-f]{6}",NAME="360p"/);
      for (const rung of ['360p', '720p']) {
        const playlist = readFileSync(join(dir, 'unit-lesson', rung, 'index.m3u8'), 'utf8');
        expect(playlistSeconds(playlist)).toBe(75);
        // Segments of a minute, cut at the same times in both rungs.
        expect([...playlist.matchAll(/^#EXTINF:([0-9.]+)/gm)].map((x) => Number(x[1]))).toEqual([
          60, 15,
        ]);
      }
      const probe = spawnSync(
        ffmpeg!,
        ['-hide_banner', '-i', join(dir, 'unit-lesson', '720p', 'index.m3u8')],
        { encoding: 'utf8' },
      );
      expect(probe.stderr).toMatch(/1280x720/);
      // From the first second: no B-frame delay pushing the first slide back.
      expect(probe.stderr).toMatch(/start: 0\.0+,/);
    },
    // Real ffmpeg work: its length is the machine's, so no clock (CI's own limit guards a hang).
    0,
  );
});

describe('demo covers', () => {
  it('one per item, each with its own title and the right shape', () => {
    const list = demoCoverList();
    expect(new Set(list.map((c) => c.key)).size).toBe(list.length);
    expect(list.filter((c) => c.key.startsWith('short-')).every((c) => c.tall)).toBe(true);
    const svg = coverSvg(list.find((c) => c.key === 'course-1')!);
    expect(svg).toContain('viewBox="0 0 640 360"');
    expect(svg).toContain('STM32F103');
    expect(coverSvg(list.find((c) => c.key === 'short-1')!)).toContain('viewBox="0 0 360 640"');
  });

  it('draws every cover in a few dozen elements: a page lays each out on its main thread', () => {
    const list = demoCoverList();
    const counts = list.map((c, i) => coverSvg(c, i).match(/<[a-zA-Z]/g)!.length);
    // The backdrop of dots is one pattern, the lines one path (it was 240 circles, 36 paths).
    expect(Math.max(...counts)).toBeLessThan(60);
    expect(coverSvg(list[0]!, 0)).toContain('fill="url(#dots)"');
  });

  it('draws more than six subjects, keeps every title, and neighbours never look alike', () => {
    const list = demoCoverList();
    const svgs = list.map((c, i) => coverSvg(c, i));
    const motifs = svgs.map((svg) => /data-motif="(\w+)"/.exec(svg)?.[1]);
    expect(motifs.every(Boolean)).toBe(true);
    expect(new Set(motifs).size).toBeGreaterThan(6);
    expect(
      new Set(motifs.filter((_, i) => list[i]!.key.startsWith('course-'))).size,
    ).toBeGreaterThan(6);
    list.forEach((c, i) => {
      const lines = wrapTitle(c.title, c.tall ? 10 : 11, c.tall ? 5 : 4);
      for (const line of lines)
        expect(svgs[i]).toContain(
          line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
        );
      expect(svgs[i]).toContain(c.tall ? 'viewBox="0 0 360 640"' : 'viewBox="0 0 640 360"');
    });
    // The drawing without the text differs from the item before it.
    const art = svgs.map((svg) =>
      svg.replace(/<text[\s\S]*?<\/text>/g, '').replace(/aria-label="[^"]*"/, ''),
    );
    for (let i = 1; i < art.length; i++) expect(art[i], list[i]!.key).not.toBe(art[i - 1]);
    expect(motifOf('Smith 圆图与射频阻抗匹配')).toBe('smith');
    expect(motifOf('FreeRTOS 任务调度与内核原理')).toBe('rtos');
    expect(motifOf('运放电路设计基础')).toBe('opamp');
  });

  it('draws each as WebP at its width and half, named by width, and keeps what is drawn', async () => {
    const list = demoCoverList().filter((c) => c.key === 'course-1' || c.key === 'short-1');
    expect(await writeDemoCovers(dir, list)).toBe(2);
    const shapes = await Promise.all(
      ['course-1-640', 'course-1-320', 'short-1-360', 'short-1-180'].map(async (name) => {
        const m = await sharp(join(dir, 'covers', `${name}.webp`)).metadata();
        return [name, m.format, m.width, m.height];
      }),
    );
    expect(shapes).toEqual([
      ['course-1-640', 'webp', 640, 360],
      ['course-1-320', 'webp', 320, 180],
      ['short-1-360', 'webp', 360, 640],
      ['short-1-180', 'webp', 180, 320],
    ]);
    // The seed points at the larger one.
    expect(demoCoverUrl('course-1')).toBe('/media/gen/covers/course-1-640.webp');
    expect(demoCoverUrl('short-1', true)).toBe('/media/gen/covers/short-1-360.webp');
    if (font()) {
      // Drawn already: kept. A missing image is drawn again.
      expect(await writeDemoCovers(dir, list)).toBe(0);
      rmSync(join(dir, 'covers', 'short-1-180.webp'));
      expect(await writeDemoCovers(dir, list)).toBe(1);
      expect(existsSync(join(dir, 'covers', 'short-1-180.webp'))).toBe(true);
    }
  });

  it('draws the ad creatives as WebP, a narrow one at twice its size, and keeps what is drawn', async () => {
    const from = join(dir, 'ad-sources');
    mkdirSync(from);
    for (const name of ['carousel-1.svg', 'index-banner-m.svg'])
      copyFileSync(join('public/ads', name), join(from, name));
    expect(await writeDemoAds(dir, from)).toBe(2);
    const shapes = await Promise.all(
      ['carousel-1', 'index-banner-m'].map(async (name) => {
        const m = await sharp(join(dir, 'ads', `${name}.webp`)).metadata();
        return [name, m.format, m.width, m.height];
      }),
    );
    // 1200×400 as drawn; the phone's 360×100 banner at 720×200.
    expect(shapes).toEqual([
      ['carousel-1', 'webp', 1200, 400],
      ['index-banner-m', 'webp', 720, 200],
    ]);
    if (font()) {
      expect(await writeDemoAds(dir, from)).toBe(0);
      // A creative whose drawing changed is drawn again.
      const svg = readFileSync(join(from, 'carousel-1.svg'), 'utf8');
      writeFileSync(
        join(from, 'carousel-1.svg'),
        svg.replace('</svg>', '<rect width="1" height="1"/></svg>'),
      );
      expect(await writeDemoAds(dir, from)).toBe(1);
    }
  });

  it('offers a page both sizes of a generated cover, and leaves any other image alone', () => {
    expect(coverImg('/media/gen/covers/course-1-640.webp', 160)).toEqual({
      src: '/media/gen/covers/course-1-640.webp',
      srcset: '/media/gen/covers/course-1-320.webp 320w, /media/gen/covers/course-1-640.webp 640w',
      sizes: '160px',
    });
    expect(coverImg('https://cdn.example.cn/media/gen/covers/short-2-360.webp', 180).srcset).toBe(
      'https://cdn.example.cn/media/gen/covers/short-2-180.webp 180w, https://cdn.example.cn/media/gen/covers/short-2-360.webp 360w',
    );
    for (const src of [
      '/covers/cover-1.svg',
      '/media/gen/covers/course-1.svg',
      '/media/uploads/Ab3dEf5hIj7lMn9p.webp',
    ])
      expect(coverImg(src, 320)).toEqual({ src });
  });

  it('picks the drawing by subject', () => {
    expect(topicOf('Buck 变换器设计与环路补偿实战')).toBe('power');
    expect(topicOf('车规级 CAN FD 收发器选型与网络设计')).toBe('bus');
    expect(topicOf('示波器探头接地弹簧有多重要')).toBe('test');
  });

  it('never starts a title line with closing punctuation', () => {
    for (const line of wrapTitle('STM32F103 从零到项目：寄存器与 HAL 库双线教学', 11))
      expect(line).not.toMatch(/^[，。、；：！？]/);
  });
});
