import OpenAI from 'openai';
import { type ChatRequest, type ChatResponse, type ChatUsage } from '@promptloom/proto';
import {
  currentTraceCarrier,
  providerRequestDuration,
  SpanKind,
  traceWork,
  type Span,
} from '@promptloom/shared';
import {
  ProviderCancelled,
  ProviderError,
  type AiProvider,
  type CompleteOptions,
  type ProviderOptions,
} from './ai-provider';
import { ReplyGuard } from './reply-guard';
import { receivedSoFar, type StreamedSoFar } from './usage-so-far';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 30_000;
export const DEFAULT_PROVIDER_RETRIES = 2;

type Usage = { prompt_tokens: number; completion_tokens: number } | null | undefined;

const usageOf = (usage: Usage): ChatUsage | null =>
  usage ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : null;

/**
 * Any OpenAI-compatible server through the `openai` SDK; the key stays in this object and never leaves it. The SDK
 * retries connection errors, timeouts, 408, 409, 429 and 5xx with exponential backoff and jitter, honouring
 * Retry-After; a streamed reply that stops sending for the timeout is abandoned, so a call never hangs.
 */
export class OpenAiProvider implements AiProvider {
  readonly offline = false;
  readonly name: string;
  private readonly client: OpenAI;
  private readonly structured: boolean;
  private readonly timeoutMs: number;
  private readonly modelMap: Readonly<Record<string, string>>;
  private readonly maxRetries: number;

  constructor(options: ProviderOptions & { apiKey: string }) {
    // OpenAI by its host; a self-hosted server by what the operator calls it, never by its address.
    this.name = options.name ?? (options.baseUrl ? 'OpenAI-compatible server' : 'api.openai.com');
    this.maxRetries = options.maxRetries ?? DEFAULT_PROVIDER_RETRIES;
    const setting = options.structuredOutput ?? 'auto';
    this.structured = setting === 'on' || (setting === 'auto' && !options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
    this.modelMap = options.modelMap ?? {};
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: this.timeoutMs,
      maxRetries: this.maxRetries,
    });
  }

  /**
   * With tracing on, one client span per call (`chat <model>`) with the token counts, and its `traceparent` sent
   * to the provider, whose own tracing (if any) then joins the trace.
   */
  complete(request: ChatRequest, options: CompleteOptions = {}): Promise<ChatResponse> {
    const model = this.modelMap[request.model] ?? request.model;
    const attributes = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': model,
    };
    return traceWork(`chat ${model}`, SpanKind.CLIENT, attributes, async (span) => {
      const response = await this.measured(request, options);
      describeResponse(span, response);
      return response;
    });
  }

  private async measured(request: ChatRequest, options: CompleteOptions): Promise<ChatResponse> {
    const stop = providerRequestDuration.startTimer();
    let outcome = 'ok';
    try {
      return options.onText
        ? await this.stream(request, options, options.onText)
        : await this.once(request, options);
    } catch (error) {
      if (options.signal?.aborted) {
        outcome = 'cancelled';
        throw error instanceof ProviderCancelled ? error : new ProviderCancelled();
      }
      if (error instanceof ProviderError) {
        outcome = error.status === undefined ? 'no_answer' : String(error.status);
        throw error;
      }
      // The SDK's messages name the status and the provider's text, never the key.
      const status = error instanceof OpenAI.APIError ? error.status : undefined;
      outcome = status === undefined ? 'no_answer' : String(status);
      const detail = error instanceof Error ? error.message : String(error);
      const tries = retriedBySdk(status) ? this.maxRetries + 1 : 1;
      throw new ProviderError(`AI provider failed after ${tries} tries: ${detail}`, status, tries);
    } finally {
      stop({ outcome });
    }
  }

  private body(request: ChatRequest, options: CompleteOptions) {
    const schema = this.structured ? options.jsonSchema : undefined;
    return {
      model: this.modelMap[request.model] ?? request.model,
      messages: request.messages,
      max_tokens: request.max_tokens,
      temperature: request.temperature,
      frequency_penalty: request.frequency_penalty,
      ...(schema && {
        response_format: {
          type: 'json_schema' as const,
          json_schema: { name: schema.name, schema: schema.schema, strict: true },
        },
      }),
    };
  }

  private async once(request: ChatRequest, options: CompleteOptions): Promise<ChatResponse> {
    const completion = await this.client.chat.completions.create(this.body(request, options), {
      signal: options.signal,
      headers: currentTraceCarrier(),
    });
    const guard = new ReplyGuard();
    const content = guard.add(completion.choices[0]?.message?.content ?? '').trim();
    return {
      content,
      model: completion.model || request.model,
      usage: usageOf(completion.usage),
      offline: false,
      ...(guard.issue && { replyIssue: guard.issue }),
    };
  }

  private async stream(
    request: ChatRequest,
    options: CompleteOptions,
    onText: (delta: string) => void,
  ): Promise<ChatResponse> {
    // The SDK's timeout ends when the headers arrive: a body that stalls afterwards is ended here.
    const idle = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
    const stream = await this.client.chat.completions.create(
      { ...this.body(request, options), stream: true, stream_options: { include_usage: true } },
      { signal, headers: currentTraceCarrier() },
    );
    let timer = setTimeout(() => idle.abort(), this.timeoutMs);
    const guard = new ReplyGuard();
    const streamed: StreamedSoFar = { content: '', pieces: 0, model: null, reported: null };
    try {
      for await (const chunk of stream) {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(), this.timeoutMs);
        if (chunk.model) streamed.model = chunk.model;
        if (chunk.usage) streamed.reported = usageOf(chunk.usage);
        const delta = chunk.choices[0]?.delta?.content;
        if (!delta) continue;
        streamed.pieces += 1;
        const piece = guard.add(delta);
        streamed.content += piece;
        if (piece) onText(piece);
        if (guard.full) {
          stream.controller.abort();
          break;
        }
      }
    } catch (error) {
      if (options.signal?.aborted) throw new ProviderCancelled(receivedSoFar(request, streamed));
      if (idle.signal.aborted) {
        throw new ProviderError(`AI provider sent nothing for ${this.timeoutMs} ms`, undefined);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
    // The SDK ends the iteration quietly when its signal aborts: say why it ended, with what had arrived.
    if (options.signal?.aborted) throw new ProviderCancelled(receivedSoFar(request, streamed));
    if (idle.signal.aborted) throw new ProviderError(`AI provider sent nothing for ${this.timeoutMs} ms`);
    return {
      content: streamed.content.trim(),
      model: streamed.model ?? request.model,
      usage: streamed.reported,
      offline: false,
      ...(guard.issue && { replyIssue: guard.issue }),
    };
  }
}

/** What the SDK retries: no answer (connection error, timeout), 408, 409, 429 and 5xx. */
function retriedBySdk(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}

function describeResponse(span: Span | undefined, response: ChatResponse): void {
  if (!span) return;
  span.setAttribute('gen_ai.response.model', response.model);
  if (!response.usage) return;
  span.setAttribute('gen_ai.usage.input_tokens', response.usage.promptTokens);
  span.setAttribute('gen_ai.usage.output_tokens', response.usage.completionTokens);
}
