import { z } from 'zod';
import { defineEvent } from '../operation';
import { PublicUser } from './schemas';

export const accountEvents = {
  userCreated: defineEvent('evt.admin.user.created', z.object({ user: PublicUser })),
  userLoggedIn: defineEvent(
    'evt.admin.user.logged_in',
    z.object({ userId: z.number().int(), at: z.string() }),
  ),
} as const;
