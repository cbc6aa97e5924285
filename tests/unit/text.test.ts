import { describe, expect, it } from 'vitest';
import { stripControls } from '../../src/server/services/lib/index.ts';

describe('stripControls', () => {
  it('drops NUL and other controls, keeps line feeds and Chinese text', () => {
    expect(stripControls('电源\u0000设计\u0007\t\r\n第二行\u007f')).toBe('电源设计\n第二行');
  });
  it('keeps tabs and carriage returns for article bodies when asked', () => {
    expect(stripControls('a\u0000\tb\r\nc\u001b', { keepTabs: true })).toBe('a\tb\r\nc');
  });
});
