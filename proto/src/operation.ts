import { type z } from 'zod';
import { type EventReaders, type OperationAccess } from './access/declaration';

/** The services that answer operations on the bus; each has its own subject space `svc.<service>.*`. */
export const SERVICES = ['admin', 'ai', 'signature'] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * One request/reply operation: who answers it, the zod shapes of what goes in and comes out, and who may call it
 * (enforced by the answering service before its handler runs).
 */
export interface Operation<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly service: ServiceName;
  readonly name: string;
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
  readonly access: OperationAccess;
}

export function defineOperation<Req extends z.ZodType, Res extends z.ZodType>(
  service: ServiceName,
  name: string,
  request: Req,
  response: Res,
  access: OperationAccess<z.output<Req>>,
): Operation<Req, Res> {
  return {
    service,
    name,
    subject: `svc.${service}.${name}`,
    request,
    response,
    access: access as OperationAccess,
  };
}

export type RequestOf<O extends Operation> = z.input<O['request']>;
export type ParsedRequestOf<O extends Operation> = z.output<O['request']>;
export type ResponseOf<O extends Operation> = z.output<O['response']>;

/**
 * One event of the catalogue: subject `evt.<service>.<noun>.<verb-in-past>`, its payload shape, and who may receive
 * it through a live subscription (the gateway's subscriptions deliver it by that declaration).
 */
export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  readonly subject: string;
  readonly payload: P;
  readonly readers: EventReaders;
}

export function defineEvent<P extends z.ZodType>(
  subject: string,
  payload: P,
  readers: EventReaders<z.output<P>>,
): EventDefinition<P> {
  return { subject, payload, readers: readers as EventReaders };
}

export type PayloadOf<E extends EventDefinition> = z.output<E['payload']>;
