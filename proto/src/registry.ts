import { accountEvents, accountOperations, adminUserOperations } from './accounts';
import { aiChatOperation } from './ai';
import { type EventDefinition, type Operation } from './operation';

/** Every request/reply operation of every service: its subject, who answers it, and its zod shapes. */
export const OPERATIONS: readonly Operation[] = [
  ...Object.values(accountOperations),
  ...Object.values(adminUserOperations),
  aiChatOperation,
];

/** Every event a service publishes: its subject and payload shape. */
export const EVENTS: readonly EventDefinition[] = [...Object.values(accountEvents)];

export const operationBySubject = (subject: string): Operation | undefined =>
  OPERATIONS.find((operation) => operation.subject === subject);

export const eventBySubject = (subject: string): EventDefinition | undefined =>
  EVENTS.find((event) => event.subject === subject);
