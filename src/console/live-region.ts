/**
 * Where the console's messages (保存成功, server refusals) appear: one polite live region kept
 * in the document from the start, so a screen reader announces each message antd puts into it
 * (issue 29: 公告已保存 was shown but never announced).
 */
let region: HTMLElement | null = null;

export function messageRegion(): HTMLElement {
  if (!region || !region.isConnected) {
    region = document.createElement('div');
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.className = 'console-messages';
    document.body.append(region);
  }
  return region;
}
