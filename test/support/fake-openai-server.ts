import http from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';

/** One scripted answer of the fake provider. */
export type FakeReply =
  | {
      content: string;
      delayMs?: number;
      /** Token counts in the reply; 10/10 by default, null for a server that reports none. */
      usage?: FakeUsage | null;
      /** The model named in the reply; the requested one by default. */
      model?: string;
      /**
       * A streamed reply's pieces, in order (a Buffer goes out as raw bytes, e.g. invalid UTF-8); by default the
       * content line by line. Ignored when the request does not ask for a stream.
       */
      chunks?: Array<string | Buffer>;
      /** Each piece of a streamed reply waits for `release()`: the test decides when the next one goes out. */
      held?: boolean;
      /** A streamed reply sends this many pieces, then nothing more, without ending (a stalled provider). */
      stallAfter?: number;
      /** Answers once `until` resolves: the test decides when (e.g. once every worker holds a request). */
      until?: Promise<void>;
    }
  | { status: number; error: string; delayMs?: number; headers?: Record<string, string> }
  /** Accepts the request and never answers (for timeouts). */
  | { hang: true };

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

const DEFAULT_USAGE: FakeUsage = { prompt_tokens: 10, completion_tokens: 10 };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  /** The W3C trace context the caller sent, if any (the worker sends it with tracing on). */
  traceparent: string | undefined;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    max_tokens?: number;
    temperature?: number;
    frequency_penalty?: number;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  };
  /** True once the client closed the connection before the reply ended (an aborted call). */
  aborted: boolean;
  /** When the request arrived (performance.now()): the spacing of retries. */
  receivedAt: number;
}

export interface FakeOpenAiServer {
  /** Give this to the openai SDK (or OPENAI_BASE_URL): `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  /** Every chat completion request received, in order. */
  requests: RecordedRequest[];
  /** Queues answers, used in order; when the queue is empty, `fallback` answers. */
  reply(...replies: FakeReply[]): void;
  /** The answer when nothing is queued; by default a fixed short list. */
  fallback: (request: RecordedRequest) => FakeReply;
  /** Lets `count` more pieces of held streamed replies go out. */
  release(count?: number): void;
  /** Pieces of held streams waiting for `release()` right now. */
  readonly waiting: number;
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible server for tests: `POST /v1/chat/completions` answers in the real API's shape — a JSON
 * completion, or server-sent chunks when the request asks for a stream — so tests drive the real `openai` SDK over
 * real HTTP with scripted replies, errors, empty replies, delays, stalls and test-paced streams.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  // Delayed answers still to go out: close() cancels them, so none keeps the test process alive.
  const delayed = new Set<NodeJS.Timeout>();
  let released = 0;
  const waiters: Array<{ resolve: () => void; recorded: RecordedRequest }> = [];
  const nextRelease = (recorded: RecordedRequest) =>
    new Promise<void>((resolve) => {
      if (released > 0) {
        released -= 1;
        resolve();
      } else waiters.push({ resolve, recorded });
    });
  // A closed (aborted) stream waits for nothing any more.
  const live = () => {
    for (let index = waiters.length - 1; index >= 0; index -= 1) {
      if (waiters[index]!.recorded.aborted) waiters.splice(index, 1);
    }
    return waiters;
  };

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        return send(response, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      }
      const recorded: RecordedRequest = {
        path: request.url,
        authorization: request.headers.authorization,
        traceparent:
          typeof request.headers.traceparent === 'string' ? request.headers.traceparent : undefined,
        body: JSON.parse(raw || '{}'),
        aborted: false,
        receivedAt: performance.now(),
      };
      requests.push(recorded);
      response.on('close', () => {
        if (!response.writableFinished) recorded.aborted = true;
      });
      const reply = queue.shift() ?? fake.fallback(recorded);
      if ('hang' in reply) return;
      const answer = () => {
        const timer = setTimeout(() => {
          delayed.delete(timer);
          if ('status' in reply) {
            send(
              response,
              reply.status,
              { error: { message: reply.error, type: 'server_error', code: null } },
              reply.headers,
            );
          } else if (recorded.body.stream) {
            void streamReply(response, recorded, reply, nextRelease);
          } else {
            const usage = reply.usage === undefined ? DEFAULT_USAGE : reply.usage;
            send(response, 200, completion(reply.model ?? recorded.body.model, reply.content, usage));
          }
        }, reply.delayMs ?? 0);
        delayed.add(timer);
      };
      if ('until' in reply && reply.until) {
        void reply.until.then(() => {
          if (!response.destroyed) answer();
        });
      } else {
        answer();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeOpenAiServer = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    reply: (...replies) => void queue.push(...replies),
    fallback: () => ({ content: 'Alpha\nBeta\nGamma\nDelta\nEpsilon\nZeta\nEta\nTheta' }),
    release: (count = 1) => {
      for (let index = 0; index < count; index += 1) {
        const waiter = live().shift();
        if (waiter) waiter.resolve();
        else released += 1;
      }
    },
    get waiting() {
      return live().length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delayed) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return fake;
}

type ContentReply = Extract<FakeReply, { content: string }>;

/** The real API's streamed shape: `chat.completion.chunk` events, a usage chunk when asked for, then [DONE]. */
async function streamReply(
  response: http.ServerResponse,
  recorded: RecordedRequest,
  reply: ContentReply,
  nextRelease: (recorded: RecordedRequest) => Promise<void>,
): Promise<void> {
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const model = reply.model ?? recorded.body.model;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finish: string | null, extra: object = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    ...extra,
  });
  const event = (body: unknown) => response.write(`data: ${JSON.stringify(body)}\n\n`);
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  event(chunk({ role: 'assistant', content: '' }, null));
  const pieces = reply.chunks ?? reply.content.split(/(?<=\n)/u);
  for (const [index, piece] of pieces.entries()) {
    if (reply.stallAfter !== undefined && index >= reply.stallAfter) return;
    if (reply.held) await nextRelease(recorded);
    if (recorded.aborted || response.destroyed) return;
    if (typeof piece === 'string') event(chunk({ content: piece }, null));
    else {
      // Raw bytes inside the JSON string, as a provider sending invalid UTF-8 would.
      const [before, after] = JSON.stringify(chunk({ content: '\u0000' }, null)).split('\\u0000');
      response.write(Buffer.concat([Buffer.from(`data: ${before}`), piece, Buffer.from(`${after}\n\n`)]));
    }
  }
  event(chunk({}, 'stop'));
  const usage = reply.usage === undefined ? DEFAULT_USAGE : reply.usage;
  if (recorded.body.stream_options?.include_usage) {
    event({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [],
      usage: usage && { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
  }
  response.end('data: [DONE]\n\n');
}

function completion(model: string, content: string, usage: FakeUsage | null) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
    ...(usage && { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
  };
}

function send(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
