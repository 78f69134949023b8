import { type NamedMigration } from '@promptloom/shared';
import { CreateUsers } from './0001-create-users';

/** The admin schema's migrations, oldest first. Add new ones at the end; never edit one that has shipped. */
export const adminMigrations: NamedMigration[] = [{ name: '0001-create-users', class: CreateUsers }];
