import { OPERATIONS } from '../registry';
import { type OperationAccess } from './declaration';

/** Who may call each operation, by subject, as the operations declare it (`defineOperation`'s last argument). */
export const OPERATION_ACCESS: Readonly<Record<string, OperationAccess>> = Object.fromEntries(
  OPERATIONS.map((operation) => [operation.subject, operation.access]),
);

export const accessOf = (subject: string): OperationAccess | undefined => OPERATION_ACCESS[subject];
