/** Audit log of operator actions; other modules write through AuditService.record. */
export { type AuditQuery, type AuditRecord, AuditService } from './audit.service.ts';
