import { AdminAiCallsResolver } from './ai-calls-resolver';
import { AdminAuditResolver } from './admin-audit-resolver';
import { AdminCatalogueSubscriptions } from './admin-catalogue-subscriptions';
import { AdminDashboardResolver } from './admin-dashboard-resolver';
import { AdminModeResolver } from './admin-mode-resolver';
import { AdminModeTypeResolver } from './admin-mode-type-resolver';
import { AdminModuleResolver } from './admin-module-resolver';
import { DeadLetterResolver } from './dead-letter-resolver';
import { AdminRecordsResolver } from './records-resolver';
import { AdminRecordSubscriptions } from './records-subscriptions';
import { UserListChangeSubscriptions } from './user-list-changes';

/** The admin console's resolvers beyond users: catalogue, audit log, dashboard, live catalogue changes, dead letters. */
export const ADMIN_CATALOGUE_RESOLVERS = [
  AdminModuleResolver,
  AdminModeResolver,
  AdminModeTypeResolver,
  AdminAuditResolver,
  AdminDashboardResolver,
  AdminCatalogueSubscriptions,
  AdminRecordsResolver,
  AdminRecordSubscriptions,
  UserListChangeSubscriptions,
  DeadLetterResolver,
  AdminAiCallsResolver,
] as const;
