import { z } from 'zod';
import { ADMIN } from '../access/declaration';
import { defineEvent } from '../operation';
import { ChangeAction } from './audit-schemas';
import { Mode } from './mode-schemas';
import { ModeType } from './mode-type-schemas';
import { Module } from './module-schemas';

/** A catalogue record was created, updated or deleted; a deleted record travels as it was last stored. */
export const catalogueEvents = {
  moduleChanged: defineEvent(
    'evt.admin.module.changed',
    z.object({ action: ChangeAction, module: Module }),
    ADMIN,
  ),
  modeChanged: defineEvent('evt.admin.mode.changed', z.object({ action: ChangeAction, mode: Mode }), ADMIN),
  modeTypeChanged: defineEvent(
    'evt.admin.mode_type.changed',
    z.object({ action: ChangeAction, mode_type: ModeType }),
    ADMIN,
  ),
} as const;
