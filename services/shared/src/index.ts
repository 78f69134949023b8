export * from './bus';
export * from './config';
export * from './logging';
export * from './db';
export * from './health';
export * from './object-store';
export * from './process';
export * from './metrics';
