export * from './messages';
export * from './fields';
export * from './signature-schemas';
export * from './stream-schemas';
export * from './stream-settings-schemas';
export * from './merge-marks';
export * from './operations';
export * from './events';
