import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from './registry';

const registers = [metricsRegistry];
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests the gateway answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers,
});

export const busRequestDuration = new Histogram({
  name: 'bus_request_duration_seconds',
  help: 'Bus requests, by subject, side (call: sent, handle: answered) and outcome (ok or the error code).',
  labelNames: ['subject', 'side', 'outcome'] as const,
  buckets: SECONDS,
  registers,
});

export const busRequestsTotal = new Counter({
  name: 'bus_requests_total',
  help: 'Bus requests, by subject, side (call: sent, handle: answered) and outcome (ok or the error code).',
  labelNames: ['subject', 'side', 'outcome'] as const,
  registers,
});

export const busEventsPublishedTotal = new Counter({
  name: 'bus_events_published_total',
  help: 'Events the outbox relays published to the bus, by subject.',
  labelNames: ['subject'] as const,
  registers,
});

export const jobDuration = new Histogram({
  name: 'job_duration_seconds',
  help: 'Jobs taken from a work queue, by queue and outcome (ok or failed: it will be retried or dropped).',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers,
});

export const outboxPending = new Gauge({
  name: 'outbox_pending_events',
  help: 'Outbox rows not yet published (rows moved aside not counted), by service schema; measured on a timer.',
  labelNames: ['schema'] as const,
  registers,
});

export const outboxLag = new Gauge({
  name: 'outbox_lag_seconds',
  help: 'Age of the oldest unpublished outbox row, by service schema; 0 when the outbox is drained.',
  labelNames: ['schema'] as const,
  registers,
});

export const outboxDeadEventsTotal = new Counter({
  name: 'outbox_dead_events_total',
  help: 'Outbox rows the relay moved aside after failing to publish them too many times, by service schema.',
  labelNames: ['schema'] as const,
  registers,
});

export const passwordHashesRunning = new Gauge({
  name: 'password_hashes_running',
  help: 'Password hashes (argon2) being computed now; at most PASSWORD_HASH_THREADS.',
  registers,
});

export const passwordHashesWaiting = new Gauge({
  name: 'password_hashes_waiting',
  help: 'Password hashes waiting for a place; past PASSWORD_HASH_QUEUE a sign-in answers 429.',
  registers,
});

export const jobsInFlight = new Gauge({
  name: 'jobs_in_flight',
  help: 'Jobs whose handler is running in this process, by queue.',
  labelNames: ['queue'] as const,
  registers,
});

export const jobsRetried = new Counter({
  name: 'jobs_retried_total',
  help: 'Job attempts that failed and were handed back for a later retry, by queue.',
  labelNames: ['queue'] as const,
  registers,
});

export const jobsDeadLettered = new Counter({
  name: 'jobs_dead_lettered_total',
  help: 'Jobs moved to the dead-letter stream (failed past their deadline, or malformed), by queue.',
  labelNames: ['queue'] as const,
  registers,
});

export const eventsDeadLettered = new Counter({
  name: 'events_dead_lettered_total',
  help: 'Events that could not be read or parsed, moved to the dead-letter stream, by subject.',
  labelNames: ['subject'] as const,
  registers,
});

export const busPermissionDenied = new Counter({
  name: 'bus_permission_denied_total',
  help: "Publishes and subscriptions the NATS server refused for this process's credentials, by operation and subject.",
  labelNames: ['operation', 'subject'] as const,
  registers,
});

export const busConnected = new Gauge({
  name: 'bus_connected',
  help: '1 while this process is connected to the bus (NATS), 0 while it reconnects.',
  registers,
});

export const providerRequestDuration = new Histogram({
  name: 'ai_provider_request_duration_seconds',
  help: 'Calls to the AI provider (with the SDK retries), by outcome: ok, the HTTP status, no_answer or cancelled.',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
  registers,
});

export const aiCallsTotal = new Counter({
  name: 'ai_calls_total',
  help: 'AI calls recorded (ai_calls rows), by model and outcome (ok, failed, cancelled).',
  labelNames: ['model', 'outcome'] as const,
  registers,
});

export const aiCallTokensTotal = new Counter({
  name: 'ai_call_tokens_total',
  help: 'Tokens of AI calls as the provider counted them (a cancelled stream: as far as it came), by model and kind.',
  labelNames: ['model', 'kind'] as const,
  registers,
});

export const aiCallCostUsdTotal = new Counter({
  name: 'ai_call_cost_usd_total',
  help: 'Estimated cost of AI calls in US dollars (AI_PRICES; calls without a price add nothing), by model.',
  labelNames: ['model'] as const,
  registers,
});

export const graphqlOperationDuration = new Histogram({
  name: 'graphql_operation_duration_seconds',
  help: 'GraphQL operations over HTTP, by operation name (bounded), type and outcome (ok or the first error code).',
  labelNames: ['operation', 'type', 'outcome'] as const,
  buckets: SECONDS,
  registers,
});

export const websocketConnections = new Gauge({
  name: 'graphql_ws_connections',
  help: 'Open graphql-ws WebSocket connections.',
  registers,
});

export const activeSubscriptions = new Gauge({
  name: 'graphql_subscriptions_active',
  help: 'GraphQL subscriptions running over graphql-ws.',
  registers,
});
