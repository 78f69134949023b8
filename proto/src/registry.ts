import {
  accountEvents,
  accountOperations,
  adminUserOperations,
  sessionEvents,
  sessionOperations,
} from './accounts';
import {
  aiCallEvents,
  aiCallOperations,
  aiChatOperation,
  aiEvents,
  aiOperations,
  aiUserChatOperation,
} from './ai';
import { awayEvents, awayOperations } from './away';
import { deadLetterOperations } from './bus-admin';
import {
  auditOperations,
  catalogueEvents,
  dashboardOperations,
  modeOperations,
  modeTypeOperations,
  moduleOperations,
} from './catalogue';
import { type EventDefinition, type Operation } from './operation';
import { packListOperations, packOperations } from './packs';
import { aiRecordOperations, recordEvents, signatureRecordOperations } from './records';
import { promptHistoryOperations, signatureEvents, signatureOperations, streamOperations } from './signature';

/** Every request/reply operation of every service: its subject, who answers it, and its zod shapes. */
export const OPERATIONS: readonly Operation[] = [
  ...Object.values(accountOperations),
  ...Object.values(sessionOperations),
  ...Object.values(adminUserOperations),
  ...Object.values(moduleOperations),
  ...Object.values(modeOperations),
  ...Object.values(modeTypeOperations),
  ...Object.values(auditOperations),
  ...Object.values(dashboardOperations),
  aiChatOperation,
  aiUserChatOperation,
  ...Object.values(aiOperations),
  ...Object.values(aiCallOperations),
  ...Object.values(signatureOperations),
  ...Object.values(streamOperations),
  ...Object.values(promptHistoryOperations),
  ...Object.values(aiRecordOperations),
  ...Object.values(signatureRecordOperations),
  ...Object.values(deadLetterOperations),
  ...Object.values(packListOperations),
  ...Object.values(packOperations),
  ...Object.values(awayOperations),
];

/** Every event a service publishes: its subject and payload shape. */
export const EVENTS: readonly EventDefinition[] = [
  ...Object.values(accountEvents),
  ...Object.values(sessionEvents),
  ...Object.values(signatureEvents),
  ...Object.values(catalogueEvents),
  ...Object.values(aiEvents),
  ...Object.values(aiCallEvents),
  ...Object.values(recordEvents),
  ...Object.values(awayEvents),
];

export const operationBySubject = (subject: string): Operation | undefined =>
  OPERATIONS.find((operation) => operation.subject === subject);

export const eventBySubject = (subject: string): EventDefinition | undefined =>
  EVENTS.find((event) => event.subject === subject);
