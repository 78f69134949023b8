export * from './health-server';
export * from './lifecycle';
export * from './draining';
