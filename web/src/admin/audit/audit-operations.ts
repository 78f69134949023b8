import { gql, type TypedDocumentNode } from '@apollo/client';
import { type PageOf } from '../shared/page';

export interface AuditEntry {
  id: number;
  actorId: number | null;
  entity: string;
  entityId: number;
  action: string;
  changed: string[];
  createdAt: string;
}

export interface AuditFilters {
  entity?: string;
  action?: string;
}

export const ADMIN_AUDIT_LOG: TypedDocumentNode<
  { adminAuditLog: PageOf<AuditEntry> },
  AuditFilters & { page: number; perPage: number }
> = gql`
  query AdminAuditLog($page: Int, $perPage: Int, $entity: String, $action: String) {
    adminAuditLog(page: $page, perPage: $perPage, entity: $entity, action: $action) {
      data {
        id
        actorId
        entity
        entityId
        action
        changed
        createdAt
      }
      currentPage
      lastPage
      perPage
      total
    }
  }
`;
