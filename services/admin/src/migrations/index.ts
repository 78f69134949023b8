import { type NamedMigration } from '@promptloom/shared';
import { CreateUsers } from './0001-create-users';
import { CreateCatalogue } from './0002-create-catalogue';
import { CreateAuditLog } from './0003-create-audit-log';
import { CreateSessions } from './0004-create-sessions';
import { UserVisits } from './0005-user-visits';

/** The admin schema's migrations, oldest first. Add new ones at the end; never edit one that has shipped. */
export const adminMigrations: NamedMigration[] = [
  { name: '0001-create-users', class: CreateUsers },
  { name: '0002-create-catalogue', class: CreateCatalogue },
  { name: '0003-create-audit-log', class: CreateAuditLog },
  { name: '0004-create-sessions', class: CreateSessions },
  { name: '0005-user-visits', class: UserVisits },
];
