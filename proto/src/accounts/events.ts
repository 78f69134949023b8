import { z } from 'zod';
import { defineEvent } from '../operation';
import { PublicUser } from './schemas';

export const accountEvents = {
  userCreated: defineEvent('evt.admin.user.created', z.object({ user: PublicUser })),
} as const;
