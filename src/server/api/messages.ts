/**
 * The API framework's own messages: an unknown path, and the checks of staff
 * form fields that many route families share (fields.ts). A domain's texts
 * are in its services/<domain>/messages.ts; those the browser shows too are
 * in src/shared/messages (MSG.form for the staff forms' common fields).
 */
export const API_MSG = {
  /** Any /api path no route answers, and the demo-only paths outside demo mode. */
  unknownPath: '接口不存在',
  urlTooLong: '地址不能超过500个字',
  mediaUrl: '视频地址须为站内路径或 https 地址，且不超过500个字',
  /** A list position (displayOrder). */
  order: '排序须为 0 到 9999 的整数',
  orderInteger: '排序须为整数',
  descriptionTooLong: '简介不能超过500个字',
} as const;
