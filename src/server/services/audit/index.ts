/**
 * # audit — the log of every staff write
 *
 * Words: audit entry (操作日志): who, what route, which target, before and after. Avoid "history",
 * "activity" (members' activity is comments, favourites and likes).
 * Owns: admin_audit.
 * Leaves to others: the writes themselves (each owning domain's manage-*.ts); the API layer
 * records an entry for every staff route.
 * Projections: staff AuditView, AuditTarget.
 */
export {
  AUDIT_TABLES,
  auditRow,
  listAudit,
  recordAudit,
  type AuditTarget,
  type AuditView,
} from './audit.ts';
