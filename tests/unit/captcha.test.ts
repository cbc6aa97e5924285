/**
 * The captcha image: 4 readable characters drawn as distorted outline paths
 * with noise, never as text, and the answer rule (trimmed, case-insensitive).
 */
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_CHARS,
  captchaDataUrl,
  captchaSvg,
  captchaText,
  normalizeAnswer,
  safeRedirect,
} from '../../src/server/services/accounts/index.ts';

describe('captcha text', () => {
  it('has 4 characters from the unambiguous set', () => {
    for (let i = 0; i < 200; i++) {
      const t = captchaText();
      expect(t).toHaveLength(4);
      expect([...t].every((c) => CAPTCHA_CHARS.includes(c))).toBe(true);
    }
    expect(CAPTCHA_CHARS).not.toMatch(/[0O1IL2Z5S8B6G]/);
  });

  it('varies', () => {
    expect(new Set(Array.from({ length: 50 }, () => captchaText())).size).toBeGreaterThan(45);
  });

  it('compares answers trimmed and case-insensitively', () => {
    expect(normalizeAnswer(' ac3d ')).toBe('AC3D');
    expect(normalizeAnswer('Ac3D')).toBe(normalizeAnswer('aC3d'));
  });
});

describe('captcha image', () => {
  const svg = captchaSvg('AC3D');

  it('is an SVG of outline paths with noise and no readable text', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="120" height="40"/);
    expect(svg).not.toMatch(/<text|AC3D|font-family/i);
    const glyphs =
      svg.match(/<path fill="#[0-9a-f]{6}" transform="rotate\(-?\d+ [\d.]+ [\d.]+\)" d="M/g) ?? [];
    expect(glyphs).toHaveLength(4);
    expect((svg.match(/<path d="M[^"]+C[^"]+" stroke=/g) ?? []).length).toBe(3);
    expect((svg.match(/<circle /g) ?? []).length).toBe(24);
  });

  it('draws the same text differently every time', () => {
    expect(captchaSvg('AC3D')).not.toBe(captchaSvg('AC3D'));
  });

  it('is carried as a base64 data URL', () => {
    const url = captchaDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString()).toBe(svg);
  });
});

describe('WeChat return path', () => {
  it.each([
    ['/live', '/live'],
    ['/livedetail?id=3', '/livedetail?id=3'],
    ['https://evil.example/', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    [undefined, '/'],
  ])('safeRedirect(%s) → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
