/** CSP violation reports (issue 13): stored in both report formats, capped per address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ seed: false });
});
afterAll(async () => {
  await rt?.close();
});

const post = (body: unknown, type: string, ip: string) =>
  rt.app.request('/api/csp/report', {
    method: 'POST',
    headers: { 'content-type': type, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

describe('POST /api/csp/report', () => {
  it('stores CSP-2 and Reporting API reports', async () => {
    const legacy = await post(
      {
        'csp-report': {
          'document-uri': 'http://127.0.0.1/article/1',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
        },
      },
      'application/csp-report',
      '10.30.0.1',
    );
    expect(legacy.status).toBe(204);
    const modern = await post(
      [
        {
          type: 'csp-violation',
          body: {
            documentURL: 'http://127.0.0.1/live',
            effectiveDirective: 'frame-src',
            blockedURL: 'https://evil.example/',
          },
        },
      ],
      'application/reports+json',
      '10.30.0.1',
    );
    expect(modern.status).toBe(204);
    const rows = await rt.db
      .selectFrom('csp_reports')
      .select(['document_uri', 'directive', 'blocked_uri', 'ip'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        document_uri: 'http://127.0.0.1/article/1',
        directive: 'script-src-elem',
        blocked_uri: 'inline',
        ip: '10.30.0.1',
      },
      {
        document_uri: 'http://127.0.0.1/live',
        directive: 'frame-src',
        blocked_uri: 'https://evil.example/',
        ip: '10.30.0.1',
      },
    ]);
  });

  it('keeps at most 20 a minute from one address, and ignores junk', async () => {
    const report = {
      'csp-report': { 'document-uri': 'x', 'effective-directive': 'img-src', 'blocked-uri': 'y' },
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(report, 'application/csp-report', '10.30.0.2')),
    );
    expect(answers.every((a) => a.status === 204)).toBe(true);
    expect((await post('not a report', 'application/csp-report', '10.30.0.3')).status).toBe(204);
    const rows = await rt.db.selectFrom('csp_reports').select('ip').execute();
    expect(rows.filter((r) => r.ip === '10.30.0.2')).toHaveLength(20);
    expect(rows.filter((r) => r.ip === '10.30.0.3')).toHaveLength(0);
  });
});
