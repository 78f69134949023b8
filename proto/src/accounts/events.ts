import { z } from 'zod';
import { defineEvent } from '../operation';
import { PublicUser } from './schemas';

export const accountEvents = {
  userCreated: defineEvent('evt.admin.user.created', z.object({ user: PublicUser })),
  userUpdated: defineEvent('evt.admin.user.updated', z.object({ user: PublicUser })),
  /** Services that own rows of this user (lists, signatures, images) delete them when they receive this. */
  userDeleted: defineEvent('evt.admin.user.deleted', z.object({ userId: z.number().int().positive() })),
} as const;
