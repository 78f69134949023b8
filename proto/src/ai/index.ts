export * from './chat';
