export * from './list-query';
export * from './ai-record-schemas';
export * from './signature-record-schemas';
export * from './operations';
export * from './events';
export * from './toasts';
