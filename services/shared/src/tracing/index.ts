export { startTracing } from './start-tracing';
export { tracingSettings, type TracingSettings } from './tracing-settings';
export { shutdownTracing, tracingIsOn } from './tracing-switch';
