export * from './spans';
export { type Span } from '@opentelemetry/api';
export * from './trace-carrier';
export { shutdownTracing, tracingIsOn } from './tracing-switch';
