import { type NamedMigration } from '@promptloom/shared';
import { CreateLists } from './0001-create-lists';
import { AdminRecords } from './0002-admin-records';
import { UniqueListItems } from './0003-unique-list-items';
import { AiQuotaOverrides } from './0004-ai-quota-overrides';
import { SubElementVersions } from './0005-sub-element-versions';
import { UniqueSubElements } from './0006-unique-sub-elements';
import { AiCalls } from './0007-ai-calls';
import { AiTokenQuota } from './0008-ai-token-quota';
import { ReasonsThatSteer } from './0009-reasons-that-steer';
import { SubElementReasons } from './0010-sub-element-reasons';
import { ImportedReasonsDated } from './0011-imported-reasons-dated';
import { AiTokenReservations } from './0012-ai-token-reservations';

/** The ai schema's migrations, oldest first. Add new ones at the end; never edit one that has shipped. */
export const aiMigrations: NamedMigration[] = [
  { name: '0001-create-lists', class: CreateLists },
  { name: '0002-admin-records', class: AdminRecords },
  { name: '0003-unique-list-items', class: UniqueListItems },
  { name: '0004-ai-quota-overrides', class: AiQuotaOverrides },
  { name: '0005-sub-element-versions', class: SubElementVersions },
  { name: '0006-unique-sub-elements', class: UniqueSubElements },
  { name: '0007-ai-calls', class: AiCalls },
  { name: '0008-ai-token-quota', class: AiTokenQuota },
  { name: '0009-reasons-that-steer', class: ReasonsThatSteer },
  { name: '0010-sub-element-reasons', class: SubElementReasons },
  { name: '0011-imported-reasons-dated', class: ImportedReasonsDated },
  { name: '0012-ai-token-reservations', class: AiTokenReservations },
];
