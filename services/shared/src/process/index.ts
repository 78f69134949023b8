export * from './run-service-process';
