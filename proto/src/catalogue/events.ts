import { z } from 'zod';
import { defineEvent } from '../operation';
import { ChangeAction } from './audit-schemas';
import { Mode } from './mode-schemas';
import { ModeType } from './mode-type-schemas';
import { Module } from './module-schemas';

/** A catalogue record was created, updated or deleted; a deleted record travels as it was last stored. */
export const catalogueEvents = {
  moduleChanged: defineEvent('evt.admin.module.changed', z.object({ action: ChangeAction, module: Module })),
  modeChanged: defineEvent('evt.admin.mode.changed', z.object({ action: ChangeAction, mode: Mode })),
  modeTypeChanged: defineEvent(
    'evt.admin.mode_type.changed',
    z.object({ action: ChangeAction, mode_type: ModeType }),
  ),
} as const;
