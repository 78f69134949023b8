export * from './messages';
export * from './pack-file';
export * from './pack-schemas';
export * from './operations';
