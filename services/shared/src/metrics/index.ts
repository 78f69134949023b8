export * from './registry';
export * from './instruments';
export * from './measure';
export * from './subscriptions';
export * from './probes';
