/**
 * The icons of /learningtools (issue 24). A tool's `icon` is either an icon
 * key drawn here as an inline SVG ('resistor', 'smith' …), or an image
 * address (on the site or https) set in the console. An unknown key gets the
 * default calculator icon, so no tool ever shows a broken image.
 * toolIcon('clock') → { kind: 'svg', key: 'clock', … }; toolIcon('/icons/a.png') → { kind: 'img', … }
 */
import { ON_SITE_OR_HTTPS } from '../urls.ts';

/** An icon key: lower-case letters, digits and hyphens ('trace-width'). */
export const TOOL_ICON_KEY = /^[a-z][a-z0-9-]{0,29}$/;

/** The default icon's key (a calculator). */
export const DEFAULT_TOOL_ICON = 'tool';

/** The SVG body of each icon (24 × 24 view box, drawn with the current colour's stroke). */
const ICONS: Record<string, string> = {
  tool: '<rect x="5" y="2.5" width="14" height="19" rx="2"/><rect x="8" y="5.5" width="8" height="3.5" rx=".5"/><path d="M8.5 13h1M14.5 13h1M8.5 17h1M14.5 17h1"/>',
  resistor: '<path d="M1.5 12h4l1.5-4.5 3 9 3-9 3 9 1.5-4.5h4.5"/>',
  thermometer:
    '<path d="M10 4.5a2 2 0 0 1 4 0v9.7a4 4 0 1 1-4 0z"/><path d="M12 9v8"/><circle cx="12" cy="17.5" r="1.2"/>',
  convert: '<path d="M4 8h15M15 4l4 4-4 4M20 16H5M9 12l-4 4 4 4"/>',
  waveform: '<path d="M1.5 12c2.2-7.5 4.8-7.5 7 0s4.8 7.5 7 0 4.8-7.5 7 0"/><path d="M1.5 21h21"/>',
  pcb: '<rect x="6" y="6" width="12" height="12" rx="1.5"/><path d="M9.5 2v4M14.5 2v4M9.5 18v4M14.5 18v4M2 9.5h4M2 14.5h4M18 9.5h4M18 14.5h4"/><circle cx="12" cy="12" r="2"/>',
  divider:
    '<path d="M12 1.5v3M12 10v4M12 19.5v3"/><rect x="9.5" y="4.5" width="5" height="5.5" rx="1"/><rect x="9.5" y="14" width="5" height="5.5" rx="1"/><path d="M12 12h8"/><circle cx="20" cy="12" r="1"/>',
  antenna:
    '<path d="M12 11v11M8.5 22h7"/><path d="M8.8 7.2a4.5 4.5 0 0 0 0 6.4M15.2 7.2a4.5 4.5 0 0 1 0 6.4M5.6 4a9 9 0 0 0 0 12.8M18.4 4a9 9 0 0 1 0 12.8"/><circle cx="12" cy="10.4" r="1.4"/>',
  coil: '<path d="M1.5 14h3c0-6 4.5-6 4.5 0 0-6 4.5-6 4.5 0 0-6 4.5-6 4.5 0h4.5"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 6.5V12l3.5 2.5"/>',
  smith:
    '<circle cx="12" cy="12" r="9.5"/><circle cx="16.75" cy="12" r="4.75"/><path d="M2.5 12h19"/><path d="M21.5 12A9.5 9.5 0 0 1 12 21.5M21.5 12A9.5 9.5 0 0 0 12 2.5"/>',
};

/** The icon keys drawn here, in order (the console lists them). */
export const TOOL_ICON_KEYS: readonly string[] = Object.keys(ICONS);

export type ToolIcon = { kind: 'svg'; key: string; body: string } | { kind: 'img'; src: string };

/** How to show a tool's stored icon: an image address as an image, anything else as a drawn icon. */
export function toolIcon(icon: string | null | undefined): ToolIcon {
  const value = (icon ?? '').trim();
  if (ON_SITE_OR_HTTPS.test(value)) return { kind: 'img', src: value };
  const key = Object.hasOwn(ICONS, value) ? value : DEFAULT_TOOL_ICON;
  return { kind: 'svg', key, body: ICONS[key]! };
}
