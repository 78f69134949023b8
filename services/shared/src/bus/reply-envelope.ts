import {
  DomainError,
  ERROR_CODES,
  isDomainError,
  type RequestContext,
  type WireError,
} from '@promptloom/proto';
import { z } from 'zod';
import { type RequestHandler, type RequestProofs } from './bus';
import { type BusLogger } from './bus-logger';
import { decodePayload } from './payload-json';

/** What a served request sends back, as JSON text: the handler's reply or its error in wire form. */
export type ReplyEnvelope = { ok: true; data?: unknown } | { ok: false; error: WireError };

export const INTERNAL_ERROR_MESSAGE = 'Internal error';

const WireErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  retryAfterSeconds: z.number().int().positive().optional(),
});

const ReplyEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: WireErrorSchema }),
]);

/**
 * Runs a request handler and encodes its outcome. Never rejects: a DomainError goes back as is, anything else
 * (including a payload that is not JSON or a reply that cannot be encoded) as INTERNAL without its message,
 * which is logged here instead. Every answer is logged at debug level with the request's id.
 */
export async function answerRequest(
  subject: string,
  handler: RequestHandler,
  readRequest: () => { payload: string; context: RequestContext; proofs: RequestProofs },
  logger: BusLogger,
): Promise<string> {
  const started = Date.now();
  let requestId: string | undefined;
  try {
    const { payload, context, proofs } = readRequest();
    requestId = context.requestId;
    const data: unknown = await handler(decodePayload(payload), context, { body: payload, proofs });
    logger.debug?.({ subject, requestId, durationMs: Date.now() - started }, 'Request answered');
    return JSON.stringify({ ok: true, data } satisfies ReplyEnvelope);
  } catch (error) {
    const details = { subject, requestId, durationMs: Date.now() - started };
    if (isDomainError(error)) logger.debug?.({ ...details, code: error.code }, 'Request refused');
    else logger.error({ ...details, err: error }, 'Request handler failed');
    const wire = isDomainError(error)
      ? error.toWire()
      : { code: 'INTERNAL' as const, message: INTERNAL_ERROR_MESSAGE };
    return JSON.stringify({ ok: false, error: wire } satisfies ReplyEnvelope);
  }
}

/** Turns a reply envelope back into the handler's reply, or throws the DomainError it carries. */
export function readReply(subject: string, text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw malformedReply(subject);
  }
  const envelope = ReplyEnvelopeSchema.safeParse(parsed);
  if (!envelope.success) throw malformedReply(subject);
  if (!envelope.data.ok) throw DomainError.fromWire(envelope.data.error);
  return envelope.data.data;
}

const malformedReply = (subject: string): DomainError =>
  new DomainError('INTERNAL', `${subject} answered with a malformed reply.`);
