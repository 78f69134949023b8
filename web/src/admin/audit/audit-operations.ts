import { type AdminAuditLogQuery, type AdminAuditLogQueryVariables } from '../../generated/graphql';

export { AdminAuditLogDocument as ADMIN_AUDIT_LOG } from '../../generated/graphql';

export type AuditEntry = AdminAuditLogQuery['adminAuditLog']['data'][number];
export type AuditFilters = Pick<AdminAuditLogQueryVariables, 'entity' | 'action'>;
