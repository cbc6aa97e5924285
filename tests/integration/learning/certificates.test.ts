/**
 * Certificates (结业证书, issue 28) through the real app, on SQLite and PostgreSQL: completing a
 * course issues one certificate, also when the last lesson's reports race (five at once); its PDF
 * carries the number and the QR code; staff revoke it with a reason (once), and the PDF then
 * says so; an unknown number is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCertificateRow,
  CheckView,
} from '../../../src/server/services/learning/index.ts';
import { pdfText } from '../../../src/server/services/lib/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { shortLdoCourse } from '../../support/learning.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let course: { id: number; lessons: number[] };
let token: string;
let userId: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  course = await shortLdoCourse(rt);
  token = (await codeLogin(rt, '13900150001')).token;
  userId = await rt.userId('13900150001');
  await rt.db.updateTable('users').set({ name: '周明远' }).where('id', '=', userId).execute();
});
afterAll(async () => {
  await rt.close();
});

const post = <T>(path: string, form: Record<string, string>, as = token) =>
  call<T>(rt, path, { token: as, form });

const certificates = () =>
  rt.db.selectFrom('certificates').selectAll().where('user_id', '=', userId).execute();

describe('certificates', () => {
  it('are issued once when the course completes, even when its last reports race', async () => {
    // Every check finished first (right answers).
    for (const lessonId of course.lessons) {
      const list = await call<{ list: CheckView[] }>(
        rt,
        `/api/lesson/checks?lessonId=${lessonId}`,
        {
          token,
        },
      );
      for (const c of list.body.data.list) {
        const form: Record<string, string> =
          c.kind === 'numeric'
            ? { value: c.unit === 'V' ? '2.98' : '3.5' }
            : { choices: c.kind === 'single' ? '1' : '0,1,3' };
        expect(
          (await post(`/api/lesson/check/answer`, { checkId: String(c.id), ...form })).body.message,
        ).toBe('回答正确');
      }
    }
    // All but the last 4 s of the last lesson watched.
    const watch = async (lessonId: number, upTo: number) => {
      const k = await post<{ key: string }>('/api/duration/key', { lessonId: String(lessonId) });
      for (let t = 0; t < upTo; t += 4) {
        rt.clock.advance(4000);
        await post('/api/duration/add', {
          key: k.body.data.key,
          from: String(t),
          to: String(t + 4),
        });
      }
    };
    for (const l of course.lessons.slice(0, -1)) await watch(l, 12);
    const last = course.lessons.at(-1)!;
    await watch(last, 8);
    expect(await certificates()).toEqual([]);
    // Five players report the last seconds at once.
    const keys = await Promise.all(
      Array.from({ length: 5 }, () =>
        post<{ key: string }>('/api/duration/key', { lessonId: String(last) }),
      ),
    );
    rt.clock.advance(4000);
    const done = await Promise.all(
      keys.map((k) =>
        post<{ courseCompleted: boolean }>('/api/duration/add', {
          key: k.body.data.key,
          from: '8',
          to: '12',
        }),
      ),
    );
    expect(done.every((d) => d.body.data.courseCompleted)).toBe(true);
    const issued = await certificates();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      course_id: course.id,
      holder_name: '周明远',
      revoked_at: null,
    });
    expect(issued[0]!.number).toMatch(/^XXT-2026-[0-9A-HJKMNP-TV-Z]{10}$/);
    const completions = await rt.db
      .selectFrom('completions')
      .select('id')
      .where('user_id', '=', userId)
      .where('course_id', '=', course.id)
      .where('kind', '=', 'course')
      .execute();
    expect(completions).toHaveLength(1);
  });

  it('print as a PDF with the number, the holder and the page’s QR code; an unknown number is a 404', async () => {
    const [cert] = await certificates();
    const res = await rt.app.request(`/api/certificate/pdf?number=${cert!.number}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(pdfText(`证书编号：${cert!.number}`));
    expect(text).toContain(pdfText('兹证明  周明远'));
    expect(text).toContain(pdfText(`${rt.deps.config.siteUrl}/cert/${cert!.number}`));
    expect(text).toMatch(/ re [\d. ]+ re /); // the QR code's squares
    expect(text).not.toContain(pdfText('本证书已撤销'));
    const unknown = await call(rt, '/api/certificate/pdf?number=XXT-2026-0000000000');
    expect(unknown.body).toMatchObject({ code: 404, message: '证书不存在' });
  });

  it('are revoked by staff once, with a reason; the PDF then says so', async () => {
    const [cert] = await certificates();
    const admin = await rt.tokenFor(DEMO.admin);
    const member = await rt.tokenFor(DEMO.members[0]);
    expect(
      (await post('/api/admin/certificate/revoke', { id: String(cert!.id), reason: 'x' }, member))
        .body.code,
    ).toBe(403);
    expect(
      (await post('/api/admin/certificate/revoke', { id: String(cert!.id), reason: '  ' }, admin))
        .body,
    ).toMatchObject({ code: 400, message: '请填写撤销原因（1到200个字）' });
    const listed = await call<{ list: AdminCertificateRow[] }>(
      rt,
      `/api/admin/certificate/list?number=${cert!.number.toLowerCase()}`,
      { token: admin },
    );
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ number: cert!.number, holderName: '周明远', revokedAt: null }),
    ]);
    const revoked = await post(
      '/api/admin/certificate/revoke',
      { id: String(cert!.id), reason: '学习记录作弊' },
      admin,
    );
    expect(revoked.body).toMatchObject({ code: 200, message: '证书已撤销' });
    expect(
      (
        await post(
          '/api/admin/certificate/revoke',
          { id: String(cert!.id), reason: '再撤销' },
          admin,
        )
      ).body,
    ).toMatchObject({ code: 400, message: '该证书已撤销' });
    const [after] = await certificates();
    expect(after).toMatchObject({ revoke_reason: '学习记录作弊' });
    expect(after!.revoked_at).not.toBeNull();
    expect(rt.invalidated.flat()).toContain(`cert:${cert!.number}`);
    const res = await rt.app.request(`/api/certificate/pdf?number=${cert!.number}`);
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toContain(
      pdfText('本证书已撤销'),
    );
    const audited = await rt.db
      .selectFrom('admin_audit')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'certificate')
      .execute();
    // The revocation is audited (the refusals are too, as every staff route's).
    expect(audited).toContainEqual({
      action: '/api/admin/certificate/revoke',
      target_id: cert!.id,
    });
  });
});
