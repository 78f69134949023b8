export * from './health-server';
export * from './lifecycle';
