import { type ChatRequest } from '@promptloom/proto';

/** Tokens of framing per message and per request, as OpenAI counts chat messages. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_REQUEST = 3;

/**
 * About how many prompt tokens these texts make: OpenAI's rule of thumb of four characters a token for ASCII, and one
 * token for every other character (non-Latin scripts take one or more each). Only the reservation uses it; the
 * provider's own count is what is charged.
 */
export function estimatePromptTokens(texts: readonly string[]): number {
  let tokens = TOKENS_PER_REQUEST;
  for (const text of texts) {
    let ascii = 0;
    let other = 0;
    for (const character of text) {
      if (character.charCodeAt(0) < 128) ascii += 1;
      else other += 1;
    }
    tokens += TOKENS_PER_MESSAGE + Math.ceil(ascii / 4) + other;
  }
  return tokens;
}

/** A chat call's estimate: its messages, plus its max_tokens or, when it names none, `replyTokens`. */
export function estimateChatTokens(request: ChatRequest, replyTokens: number): number {
  return (
    estimatePromptTokens(request.messages.map((message) => message.content)) +
    (request.max_tokens ?? replyTokens)
  );
}
