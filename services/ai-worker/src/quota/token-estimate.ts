import { type ChatRequest } from '@promptloom/proto';

/** Tokens of framing per message and per request, as OpenAI counts chat messages. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_REQUEST = 3;

/**
 * About how many prompt tokens these texts make: OpenAI's rule of thumb of four characters a token for ASCII, and one
 * token for every other character (non-Latin scripts take one or more each). The reservation uses it, and a
 * streamed call cancelled before the provider reported its count (`usage-so-far.ts`); otherwise the provider's own
 * count is what is charged.
 */
export function estimatePromptTokens(texts: readonly string[]): number {
  let tokens = TOKENS_PER_REQUEST;
  for (const text of texts) tokens += TOKENS_PER_MESSAGE + estimateTextTokens(text);
  return tokens;
}

/** About how many tokens one text makes, by the same rule of thumb (no framing). */
export function estimateTextTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const character of text) {
    if (character.charCodeAt(0) < 128) ascii += 1;
    else other += 1;
  }
  return Math.ceil(ascii / 4) + other;
}

/** A chat call's estimate: its messages, plus its max_tokens or, when it names none, `replyTokens`. */
export function estimateChatTokens(request: ChatRequest, replyTokens: number): number {
  return (
    estimatePromptTokens(request.messages.map((message) => message.content)) +
    (request.max_tokens ?? replyTokens)
  );
}
