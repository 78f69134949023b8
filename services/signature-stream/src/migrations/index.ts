import { type NamedMigration } from '@promptloom/shared';
import { CreateSignaturesAndStreams } from './0001-create-signatures-and-streams';
import { AdminRecords } from './0002-admin-records';
import { SignatureType } from './0003-signature-type';
import { StreamSettings } from './0004-stream-settings';
import { PromptVersions } from './0005-prompt-versions';
import { SignaturePacks } from './0006-signature-packs';
import { StreamParameters } from './0008-stream-parameters';

/** The signature schema's migrations, oldest first. Add new ones at the end; never edit one that has shipped. */
export const signatureMigrations: NamedMigration[] = [
  { name: '0001-create-signatures-and-streams', class: CreateSignaturesAndStreams },
  { name: '0002-admin-records', class: AdminRecords },
  { name: '0003-signature-type', class: SignatureType },
  { name: '0004-stream-settings', class: StreamSettings },
  { name: '0005-prompt-versions', class: PromptVersions },
  { name: '0006-signature-packs', class: SignaturePacks },
  { name: '0008-stream-parameters', class: StreamParameters },
];
