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
    }
  | { status: number; error: string; delayMs?: number }
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
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    max_tokens?: number;
    temperature?: number;
    frequency_penalty?: number;
  };
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
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible server for tests: `POST /v1/chat/completions` answers in the real API's shape, so tests
 * drive the real `openai` SDK over real HTTP with scripted replies, errors, empty replies and delays.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  // Delayed answers still to go out: close() cancels them, so none keeps the test process alive.
  const delayed = new Set<NodeJS.Timeout>();
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
        body: JSON.parse(raw || '{}'),
      };
      requests.push(recorded);
      const reply = queue.shift() ?? fake.fallback(recorded);
      if ('hang' in reply) return;
      const timer = setTimeout(() => {
        delayed.delete(timer);
        if ('status' in reply) {
          send(response, reply.status, { error: { message: reply.error, type: 'server_error', code: null } });
        } else {
          send(
            response,
            200,
            completion(
              reply.model ?? recorded.body.model,
              reply.content,
              reply.usage === undefined ? DEFAULT_USAGE : reply.usage,
            ),
          );
        }
      }, reply.delayMs ?? 0);
      delayed.add(timer);
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delayed) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return fake;
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

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
