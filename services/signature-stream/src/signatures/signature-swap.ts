import { type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  NO_RESPONSE_FROM_AI,
  SIGNATURE_NOT_FOUND,
  SIGNATURE_SIZE,
  SIGNATURE_SWAP_MODEL,
  SIGNATURE_SWAPPED,
  aiChatOperation,
  type ParsedRequestOf,
  type RequestContext,
  type signatureOperations,
} from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';
import { SavedSignature } from './saved-signature.entity';
import { type SignatureHandlers } from './signature-handlers';
import { parseSwapReply } from './swap-reply';

type Swap = ParsedRequestOf<typeof signatureOperations.swap>;

/** How long a swap waits for the AI worker, which itself waits for the provider. */
const AI_TIMEOUT_MS = 60_000;

/**
 * SPEC §4 signature swap: the AI (gpt-4-turbo, through the AI worker) rewrites the saved signature to exactly 6
 * names for the user's reason. A reply that is not valid JSON, or has another count, leaves it unchanged.
 */
export class SignatureSwap {
  constructor(
    private readonly em: () => EntityManager,
    private readonly bus: Bus,
    private readonly signatures: SignatureHandlers,
  ) {}

  async swap(request: Swap, context: RequestContext) {
    const saved = await this.em().findOne(SavedSignature, { userId: request.userId });
    if (!saved) throw new DomainError('NOT_FOUND', SIGNATURE_NOT_FOUND);
    const reply = await call(
      this.bus,
      aiChatOperation,
      {
        model: SIGNATURE_SWAP_MODEL,
        messages: swapMessages(saved.names, request.reason),
        audit: { userId: request.userId, purpose: 'signature_swap' },
      },
      { context, timeoutMs: AI_TIMEOUT_MS },
    );
    const parsed = reply.content.trim()
      ? parseSwapReply(reply.content)
      : { ok: false as const, message: NO_RESPONSE_FROM_AI };
    if (!parsed.ok) return { swapped: false, message: parsed.message, data: saved.toPublic() };
    const updated = await this.signatures.update(
      { userId: request.userId, signature: parsed.names },
      context,
      SIGNATURE_SWAPPED,
    );
    return { swapped: true, message: updated.message, data: updated.data };
  }
}

function swapMessages(names: readonly string[], reason: string) {
  return [
    {
      role: 'system' as const,
      content:
        `You rewrite signatures for an image prompt builder. A signature is exactly ${SIGNATURE_SIZE} short names. ` +
        `Answer only with a JSON array of exactly ${SIGNATURE_SIZE} strings, nothing else.`,
    },
    {
      role: 'user' as const,
      content: `Current signature: ${JSON.stringify(names)}\nReason for the change: ${reason}\nReturn the new signature.`,
    },
  ];
}
