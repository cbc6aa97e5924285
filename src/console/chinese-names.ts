/**
 * Chinese accessible names for what antd names in English whatever its locale (issue 29): the
 * close button of dialogs and drawers ("Close"), the number field's steppers ("Increase Value"),
 * the range picker's "to", and its icons (role="img", aria-label "left", "down", "close-circle"…), which give an
 * icon-only control such as the pagination's ‹ › its name. Icons are decorative here: hidden
 * from assistive technology, and a control left without a name takes the Chinese one of its
 * icon or the title its pagination item already carries (上一页, 下一页).
 *
 * One observer for the console's whole document, started once by main.tsx; antd renders
 * dialogs and dropdowns into document.body, outside the React root.
 */
const FIXED: Readonly<Record<string, string>> = {
  Close: '关闭',
  'Increase Value': '增大',
  'Decrease Value': '减小',
};

/** The Chinese name of an icon-only control, by its icon. */
const ICON_NAMES: Readonly<Record<string, string>> = {
  left: '上一页',
  right: '下一页',
  'double-left': '向前',
  'double-right': '向后',
  close: '关闭',
  'close-circle': '清除',
  search: '搜索',
  reload: '刷新',
  delete: '删除',
  edit: '编辑',
  eye: '显示',
  'eye-invisible': '隐藏',
  upload: '上传',
  menu: '栏目',
};

function fixControlName(control: Element, icon: string | null): void {
  if (control.getAttribute('aria-label') || control.textContent?.trim()) return;
  const title = control.closest('[title]')?.getAttribute('title');
  const name = title && /\p{Script=Han}/u.test(title) ? title : icon && ICON_NAMES[icon];
  if (name) control.setAttribute('aria-label', name);
}

function fix(root: ParentNode): void {
  for (const el of Array.from(root.querySelectorAll('[aria-label]'))) {
    const label = el.getAttribute('aria-label')!;
    const chinese = FIXED[label];
    if (chinese) el.setAttribute('aria-label', chinese);
  }
  // The arrow between a range picker's two fields, named "to" on a plain span (a name is not
  // allowed there): decorative, the two fields carry their own labels.
  for (const sep of Array.from(root.querySelectorAll('.ant-picker-separator[aria-label]'))) {
    sep.removeAttribute('aria-label');
    sep.setAttribute('aria-hidden', 'true');
  }
  for (const icon of Array.from(root.querySelectorAll('.anticon[role="img"]'))) {
    const name = icon.getAttribute('aria-label');
    icon.removeAttribute('role');
    icon.removeAttribute('aria-label');
    icon.setAttribute('aria-hidden', 'true');
    const control = icon.closest('button, a, [role="button"]');
    if (control) fixControlName(control, name);
  }
}

export function keepNamesChinese(doc: Document = document): void {
  fix(doc.body);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target instanceof Element && r.target.parentNode) fix(r.target.parentNode);
      } else
        for (const n of Array.from(r.addedNodes)) if (n instanceof Element) fix(n.parentNode ?? n);
    }
  }).observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label', 'role'],
  });
}
