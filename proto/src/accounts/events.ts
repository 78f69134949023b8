import { z } from 'zod';
import { ADMIN } from '../access/declaration';
import { defineEvent } from '../operation';
import { PublicUser } from './schemas';

export const accountEvents = {
  userCreated: defineEvent('evt.admin.user.created', z.object({ user: PublicUser }), ADMIN),
  userUpdated: defineEvent('evt.admin.user.updated', z.object({ user: PublicUser }), ADMIN),
  /** Services that own rows of this user (lists, signatures, images) delete them when they receive this. */
  userDeleted: defineEvent(
    'evt.admin.user.deleted',
    z.object({ userId: z.number().int().positive() }),
    ADMIN,
  ),
} as const;
