import { type ChatRequest, type ChatUsage } from '@promptloom/proto';
import { estimatePromptTokens, estimateTextTokens } from '../quota/token-estimate';
import { type ReceivedSoFar } from './ai-provider';

/** What a stream had brought when it stopped: its text, how many chunks carried text, and any usage reported. */
export interface StreamedSoFar {
  content: string;
  pieces: number;
  model: string | null;
  reported: ChatUsage | null;
}

/**
 * The tokens of a streamed reply cancelled part-way. OpenAI reports usage only in the stream's last chunk, so a cut
 * stream usually has none: the completion tokens are counted from what arrived (OpenAI sends one token a chunk; the
 * text's estimate is taken when larger, for a server that sends several a chunk), and the prompt tokens are
 * estimated from the request's messages. A prompt count the provider did report is taken as it is, and its
 * completion count where it is larger.
 */
export function receivedSoFar(request: ChatRequest, streamed: StreamedSoFar): ReceivedSoFar {
  const counted = Math.max(streamed.pieces, estimateTextTokens(streamed.content));
  return {
    content: streamed.content,
    model: streamed.model,
    usage: {
      promptTokens:
        streamed.reported?.promptTokens ??
        estimatePromptTokens(request.messages.map((message) => message.content)),
      completionTokens: Math.max(streamed.reported?.completionTokens ?? 0, counted),
    },
    promptEstimated: streamed.reported === null,
  };
}
