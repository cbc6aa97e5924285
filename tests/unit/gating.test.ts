import { describe, expect, it } from 'vitest';
import {
  canWatch,
  examAccess,
  gateLesson,
  gateLessons,
  hasPaid,
  isPaidStatus,
  publicLive,
  VISITOR,
  type LessonFacts,
  type Viewer,
} from '../../src/server/services/commerce/index.ts';

import { liveStatus, parseReserveForm } from '../../src/server/services/live/index.ts';

const member = (entitled = false): Viewer => ({ memberId: 7, entitled });

describe('isPaidStatus', () => {
  it.each([
    [0, false],
    [1, true],
    [2, true],
    [3, false],
    [4, false],
  ])('order status %i → %s', (status, paid) => {
    expect(isPaidStatus(status)).toBe(paid);
  });
});

describe('hasPaid', () => {
  it.each<[string, Viewer, boolean]>([
    ['visitor', VISITOR, false],
    ['member without an entitlement', member(false), false],
    ['member with an entitlement', member(true), true],
    // Entitlements belong to members; a visitor never counts as paid whatever is passed.
    ['visitor with a stray entitlement flag', { memberId: null, entitled: true }, false],
  ])('%s → %s', (_name, viewer, paid) => {
    expect(hasPaid(viewer)).toBe(paid);
  });
});

describe('canWatch', () => {
  it.each<[string, number, boolean, Viewer, boolean]>([
    ['free course, visitor', 0, false, VISITOR, true],
    ['free course, member', 0, false, member(), true],
    ['paid course, free preview, visitor', 9900, true, VISITOR, true],
    ['paid course, locked lesson, visitor', 9900, false, VISITOR, false],
    ['paid course, locked lesson, member without order', 9900, false, member(), false],
    ['paid course, locked lesson, member with unpaid order', 9900, false, member(false), false],
    ['paid course, locked lesson, member with refunded order', 9900, false, member(false), false],
    ['paid course, locked lesson, member who paid', 9900, false, member(true), true],
    ['paid course, locked lesson, member with paid goods', 19900, false, member(true), true],
  ])('%s → %s', (_name, priceCents, freePreview, viewer, open) => {
    expect(canWatch({ priceCents, freePreview }, viewer)).toBe(open);
  });
});

describe('gateLesson', () => {
  const lesson: LessonFacts = {
    id: 3,
    title: '第二讲',
    videoUrl: '/media/hls/lesson-2/index.m3u8',
    durationSeconds: 900,
    sortOrder: 2,
    freePreview: false,
  };

  it('cuts the video URL of a locked lesson and marks it locked', () => {
    expect(gateLesson(lesson, 9900, VISITOR)).toEqual({
      id: 3,
      title: '第二讲',
      durationSeconds: 900,
      sortOrder: 2,
      freePreview: false,
      locked: true,
      videoUrl: null,
    });
  });

  it('keeps the video URL for a member who paid', () => {
    expect(gateLesson(lesson, 9900, member(true))).toMatchObject({
      locked: false,
      videoUrl: '/media/hls/lesson-2/index.m3u8',
    });
  });

  it('gates each lesson of a course on its own', () => {
    const preview = {
      ...lesson,
      id: 2,
      freePreview: true,
      videoUrl: '/media/hls/lesson-1/index.m3u8',
    };
    expect(
      gateLessons([preview, lesson], 9900, member()).map((l) => [l.id, l.locked, l.videoUrl]),
    ).toEqual([
      [2, false, '/media/hls/lesson-1/index.m3u8'],
      [3, true, null],
    ]);
  });
});

describe('publicLive', () => {
  it('drops the player fields in both spellings and says login is required', () => {
    const out = publicLive({
      id: 1,
      title: '直播',
      streamUrl: 's',
      htmlUrl: 'h',
      stream_url: 's',
      html_url: 'h',
    });
    expect(out).toEqual({ id: 1, title: '直播', requiresLogin: true });
  });
});

describe('examAccess', () => {
  it.each<[string, boolean, Viewer, string]>([
    ['practice off, visitor', false, VISITOR, 'disabled'],
    ['practice off, member', false, member(true), 'disabled'],
    ['practice on, visitor', true, VISITOR, 'loginRequired'],
    ['practice on, member', true, member(), 'open'],
  ])('%s → %s', (_name, enabled, viewer, access) => {
    expect(examAccess(enabled, viewer)).toBe(access);
  });
});

describe('liveStatus', () => {
  const start = '2026-11-21T06:00:00.000Z';
  const end = '2026-11-21T08:00:00.000Z';
  it.each([
    ['2026-11-21T05:59:59.999Z', 'upcoming'],
    ['2026-11-21T06:00:00.000Z', 'live'],
    ['2026-11-21T07:59:59.999Z', 'live'],
    ['2026-11-21T08:00:00.000Z', 'ended'],
  ])('at %s → %s', (now, status) => {
    expect(liveStatus(start, end, new Date(now), true)).toBe(status);
  });

  it.each([
    ['2026-11-21T05:59:59.999Z', 'upcoming'],
    ['2026-11-21T06:00:00.000Z', 'upcoming'],
    ['2026-11-21T07:59:59.999Z', 'upcoming'],
    ['2026-11-21T08:00:00.000Z', 'ended'],
  ])('with nothing to watch, at %s → %s (never 直播中 with an empty player)', (now, status) => {
    expect(liveStatus(start, end, new Date(now), false)).toBe(status);
  });
});

describe('parseReserveForm', () => {
  it('reads objects and plain labels, skipping what it cannot read', () => {
    const json = JSON.stringify([
      { name: 'name', label: '姓名', required: true },
      '公司',
      42,
      { type: 'text' },
    ]);
    expect(parseReserveForm(json)).toEqual([
      { name: 'name', label: '姓名', type: 'text', required: true, options: [] },
      { name: 'field2', label: '公司', type: 'text', required: false, options: [] },
    ]);
  });

  it('answers no fields for broken JSON', () => {
    expect(parseReserveForm('{oops')).toEqual([]);
  });
});
