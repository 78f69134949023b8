export * from './bus';
export * from './typed';
export * from './in-process-bus';
export * from './nats-bus';
export * from './nats-connection-settings';
export { PermanentFailure } from './job-retries';
export { type BusLogger } from './bus-logger';
export { natsStreamNames, type NatsStreamNames } from './nats-names';
export * from './trust';
