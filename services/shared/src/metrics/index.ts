export * from './registry';
export * from './instruments';
export * from './measure';
