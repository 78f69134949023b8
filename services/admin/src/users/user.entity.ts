import { EntitySchema } from '@mikro-orm/postgresql';
import { type AccountStatus, type PublicUser } from '@promptloom/proto';

export class User {
  id!: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  /** 'Admin' or 'user'; the admin form accepts free text, so other values exist and are refused at sign-in. */
  roleType: string;
  status: AccountStatus = 'Active';
  passwordHash: string;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
  lastLoginAt: Date | null = null;
  /** Carried in every token; bumped when the account's sessions must end (deactivation, role or password change). */
  sessionVersion = 1;

  constructor(fields: {
    firstName: string;
    lastName: string;
    email: string;
    mobile: string;
    roleType: string;
    passwordHash: string;
    status?: AccountStatus;
  }) {
    this.firstName = fields.firstName;
    this.lastName = fields.lastName;
    this.email = fields.email;
    this.mobile = fields.mobile;
    this.roleType = fields.roleType;
    this.passwordHash = fields.passwordHash;
    this.status = fields.status ?? 'Active';
  }

  toPublic(): PublicUser {
    return {
      id: this.id,
      first_name: this.firstName,
      last_name: this.lastName,
      name: `${this.firstName} ${this.lastName}`.trim(),
      email: this.email,
      mobile: this.mobile,
      role_type: this.roleType,
      status: this.status,
    };
  }
}

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    firstName: { type: 'string', fieldName: 'first_name' },
    lastName: { type: 'string', fieldName: 'last_name' },
    email: { type: 'string', unique: true },
    mobile: { type: 'string' },
    roleType: { type: 'string', fieldName: 'role_type' },
    status: { type: 'string' },
    passwordHash: { type: 'string', fieldName: 'password_hash', hidden: true },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
    updatedAt: {
      type: 'datetime',
      fieldName: 'updated_at',
      columnType: 'timestamptz',
      onUpdate: () => new Date(),
    },
    lastLoginAt: { type: 'datetime', fieldName: 'last_login_at', columnType: 'timestamptz', nullable: true },
    sessionVersion: { type: 'integer', fieldName: 'session_version', default: 1 },
  },
});
