/**
 * Certificates (结业证书, issue 28). When a course is completed (playback.ts completeCourseIfDone:
 * every lesson watched, every check finished), the member gets one certificate for it, in the
 * same transaction and at most one per member and course whatever runs in parallel. Its number
 * (XXT-<year>-<10 random characters>) cannot be guessed; its public page /cert/<number> shows the
 * name the member chose (个人设置's name at issue), the course, the date and the issuer, with a
 * QR code of that page, and a PDF for print. Staff revoke one with a reason; the page then says
 * so. An unknown number is a 404 page.
 */
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { certificateTags } from '../../cache/tags.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  A4,
  assemblePdf,
  commitChange,
  countRows,
  pageOf,
  pageRows,
  pdfText,
  type Paged,
  type PageInput,
} from '../lib/index.ts';

export const CERT_MSG = {
  missing: '证书不存在',
  reasonEmpty: '请填写撤销原因（1到200个字）',
  alreadyRevoked: '该证书已撤销',
  revoked: '证书已撤销',
} as const;

/** Crockford base32, without the letters read as digits. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new certificate number: certificateNumber(2026) → 'XXT-2026-7K4Q9M2PZD'. */
export function certificateNumber(year: number): string {
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 32];
  return `XXT-${year}-${out}`;
}

/** What a number looks like (anything else is a 404 without a query). */
export const CERT_NUMBER = /^XXT-\d{4}-[0-9A-HJKMNP-TV-Z]{10}$/;

/** The public page's view of a certificate. */
export interface CertificateView {
  number: string;
  holderName: string;
  courseId: number;
  courseTitle: string;
  issuedAt: string;
  issuer: string;
  revoked: boolean;
  revokedAt: string | null;
  revokeReason: string | null;
}

/** Issues the member's certificate of a course unless there is one; inside the completion's transaction. */
export async function issueCertificate(
  db: Deps['db'],
  userId: number,
  courseId: number,
  at: string,
): Promise<void> {
  const [user, course] = await Promise.all([
    db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('courses').select('title').where('id', '=', courseId).executeTakeFirstOrThrow(),
  ]);
  await db
    .insertInto('certificates')
    .values({
      number: certificateNumber(Number(at.slice(0, 4))),
      user_id: userId,
      course_id: courseId,
      holder_name: user.name,
      course_title: course.title,
      issued_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .execute();
}

/** A certificate by its number, or null (an unknown or malformed number). */
export async function getCertificate(
  deps: Pick<Deps, 'db' | 'config'>,
  number: string,
): Promise<CertificateView | null> {
  if (!CERT_NUMBER.test(number)) return null;
  const r = await deps.db
    .selectFrom('certificates')
    .selectAll()
    .where('number', '=', number)
    .executeTakeFirst();
  return r
    ? {
        number: r.number,
        holderName: r.holder_name,
        courseId: r.course_id,
        courseTitle: r.course_title,
        issuedAt: r.issued_at,
        issuer: deps.config.siteName,
        revoked: r.revoked_at !== null,
        revokedAt: r.revoked_at,
        revokeReason: r.revoked_at !== null ? r.revoke_reason : null,
      }
    : null;
}

/** The member's certificates, newest first. */
export async function listMyCertificates(
  deps: Pick<Deps, 'db'>,
  userId: number,
): Promise<{ number: string; courseTitle: string; issuedAt: string; revoked: boolean }[]> {
  const rows = await deps.db
    .selectFrom('certificates')
    .select(['number', 'course_title', 'issued_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    number: r.number,
    courseTitle: r.course_title,
    issuedAt: r.issued_at,
    revoked: r.revoked_at !== null,
  }));
}

/** The public page's address: certificateUrl('https://x.cn', 'XXT-…') → 'https://x.cn/cert/XXT-…'. */
export const certificateUrl = (siteUrl: string, number: string) => `${siteUrl}/cert/${number}`;

/** The page's QR code, as an SVG of its own (dark modules on white). */
export function certificateQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The Beijing date of an ISO time: 2026-11-26T04:00:00Z → '2026年11月26日'. */
function chineseDate(at: string): string {
  const d = new Date(Date.parse(at) + 8 * 3600_000);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

/** The certificate as a one-page A4 PDF for print, with the QR code of its page. */
export function certificatePdf(cert: CertificateView, url: string): Buffer {
  const { width: W } = A4;
  const center = (text: string, size: number, y: number) => {
    const w =
      [...text].reduce((s, ch) => s + ((ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.5 : 1), 0) * size;
    return `BT /F1 ${size} Tf ${((W - w) / 2).toFixed(1)} ${y} Td <${pdfText(text)}> Tj ET`;
  };
  const ops: string[] = [
    // A double frame.
    '0.04 0.39 0.81 RG 3 w 36 36 523 770 re S 1 w 46 46 503 750 re S 0 0 0 RG',
    center(cert.issuer, 16, 720),
    center('结业证书', 34, 650),
    center(`兹证明  ${cert.holderName}`, 18, 560),
    center('已完成课程', 14, 520),
    center(`《${cert.courseTitle}》`, 18, 485),
    center('的全部课时学习与课内练习，特发此证。', 14, 445),
    center(`颁发日期：${chineseDate(cert.issuedAt)}`, 12, 300),
    center(`证书编号：${cert.number}`, 12, 278),
    center(`颁发机构：${cert.issuer}`, 12, 256),
    center('扫码或访问以下地址核验证书', 10, 96),
    center(url, 9, 80),
  ];
  if (cert.revoked) ops.push('1 0 0 rg', center('本证书已撤销', 28, 380), '0 0 0 rg');
  // The QR code, one filled square per dark module, 110 pt wide, centred above the address.
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = 110 / n;
  const x0 = (W - 110) / 2;
  const y0 = 112;
  const squares: string[] = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        squares.push(
          `${(x0 + c * cell).toFixed(2)} ${(y0 + (n - 1 - r) * cell).toFixed(2)} ${cell.toFixed(2)} ${cell.toFixed(2)} re`,
        );
  ops.push(`0 0 0 rg ${squares.join(' ')} f`);
  return assemblePdf([ops.join('\n')], {
    title: `结业证书 ${cert.number}`,
    author: cert.issuer,
    producer: 'xinxuetang certificates',
  });
}

/** Staff list: every certificate, newest first, with the member's phone. */
export interface AdminCertificateRow {
  id: number;
  number: string;
  holderName: string;
  mobile: string;
  courseTitle: string;
  issuedAt: string;
  revokedAt: string | null;
  revokeReason: string;
}

export async function listCertificates(
  deps: Pick<Deps, 'db'>,
  page: PageInput & { number?: string },
): Promise<Paged<AdminCertificateRow>> {
  let base = deps.db.selectFrom('certificates as k').innerJoin('users as u', 'u.id', 'k.user_id');
  if (page.number) base = base.where('k.number', '=', page.number.trim().toUpperCase());
  const [rows, total] = await Promise.all([
    base
      .select([
        'k.id',
        'k.number',
        'k.holder_name',
        'u.mobile',
        'k.course_title',
        'k.issued_at',
        'k.revoked_at',
        'k.revoke_reason',
      ])
      .orderBy('k.issued_at', 'desc')
      .orderBy('k.id', 'desc')
      .$call(pageRows(page))
      .execute(),
    countRows(base),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      number: r.number,
      holderName: r.holder_name,
      mobile: r.mobile,
      courseTitle: r.course_title,
      issuedAt: r.issued_at,
      revokedAt: r.revoked_at,
      revokeReason: r.revoke_reason,
    })),
    total,
    page,
  );
}

/** Revokes a certificate with a reason; its public page says so from the next request. */
export async function revokeCertificate(
  deps: Pick<Deps, 'db' | 'cache' | 'clock'>,
  id: number,
  reason: string,
): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const row = await trx
      .selectFrom('certificates')
      .select(['number', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw AppError.notFound(CERT_MSG.missing);
    const done = await trx
      .updateTable('certificates')
      .set({ revoked_at: iso(deps.clock.now()), revoke_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.badRequest(CERT_MSG.alreadyRevoked);
    return { value: { id }, tags: [certificateTags.one(row.number)] };
  });
}
