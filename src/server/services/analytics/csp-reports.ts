/**
 * Content-Security-Policy violation reports (issue 13): browsers post them to
 * /api/csp/report, in the CSP-2 form (`{"csp-report": {...}}`) or the
 * Reporting API form (`[{"type": "csp-violation", "body": {...}}]`). Kept
 * for review, at most 20 a minute per address; anything else is dropped.
 */
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { consumeLimits } from '../lib/index.ts';

const MAX_RAW = 4000;
const PER_MINUTE = 20;

interface Violation {
  documentUri: string;
  directive: string;
  blockedUri: string;
}

const str = (v: unknown, max = 500) => (typeof v === 'string' ? v.slice(0, max) : '');

/** The violations a report body names (none for anything unparsable). */
export function parseCspReport(text: string): Violation[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const items = Array.isArray(body) ? body : [body];
  const out: Violation[] = [];
  for (const item of items.slice(0, 10)) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const legacy = r['csp-report'] as Record<string, unknown> | undefined;
    const modern = r.type === 'csp-violation' ? (r.body as Record<string, unknown>) : undefined;
    if (legacy && typeof legacy === 'object')
      out.push({
        documentUri: str(legacy['document-uri']),
        directive: str(legacy['effective-directive'] ?? legacy['violated-directive']),
        blockedUri: str(legacy['blocked-uri']),
      });
    else if (modern && typeof modern === 'object')
      out.push({
        documentUri: str(modern.documentURL),
        directive: str(modern.effectiveDirective),
        blockedUri: str(modern.blockedURL),
      });
  }
  return out.filter((v) => v.directive);
}

/** Stores the report's violations; answers how many were kept (0 when rate limited). */
export async function recordCspReport(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { text: string; ip: string },
): Promise<number> {
  const violations = parseCspReport(input.text);
  if (!violations.length) return 0;
  try {
    await consumeLimits(deps, [
      { bucket: `csp:ip:${input.ip}`, windowMs: 60_000, max: PER_MINUTE, message: () => '' },
    ]);
  } catch {
    return 0;
  }
  const now = iso(deps.clock.now());
  await deps.db
    .insertInto('csp_reports')
    .values(
      violations.map((v) => ({
        document_uri: v.documentUri,
        directive: v.directive,
        blocked_uri: v.blockedUri,
        ip: input.ip,
        raw: input.text.slice(0, MAX_RAW),
        created_at: now,
      })),
    )
    .execute();
  return violations.length;
}
