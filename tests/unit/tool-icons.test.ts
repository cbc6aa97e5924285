/** The learning tools' icons (issue 24): every key is drawn, an address is an image, anything else the default. */
import { describe, expect, it } from 'vitest';
import { LEARNING_TOOLS } from '../../src/server/db/seed/content/site.ts';
import { TOOL_ICON_KEY, TOOL_ICON_KEYS, toolIcon } from '../../src/shared/tools/tool-icons.ts';

describe('toolIcon', () => {
  it('draws every seeded tool’s icon key', () => {
    for (const t of LEARNING_TOOLS) {
      expect(toolIcon(t.icon), t.name).toMatchObject({ kind: 'svg', key: t.icon });
      expect(TOOL_ICON_KEY.test(t.icon)).toBe(true);
    }
    for (const key of TOOL_ICON_KEYS) expect(toolIcon(key).kind).toBe('svg');
  });

  it('shows an address as an image and an unknown key as the default icon', () => {
    expect(toolIcon('/icons/a.png')).toEqual({ kind: 'img', src: '/icons/a.png' });
    expect(toolIcon('https://cdn.example.com/a.svg')).toEqual({
      kind: 'img',
      src: 'https://cdn.example.com/a.svg',
    });
    for (const odd of ['oscilloscope', '', null, 'constructor', '//evil.example/a.png'])
      expect(toolIcon(odd), String(odd)).toMatchObject({ kind: 'svg', key: 'tool' });
  });
});
