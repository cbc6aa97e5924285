/**
 * The audit domain.
 */
export {
  AUDIT_TABLES,
  auditRow,
  listAudit,
  recordAudit,
  type AuditTarget,
  type AuditView,
} from './audit.ts';
