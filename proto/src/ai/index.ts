export * from './chat';
export * from './lists';
export * from './sub-elements';
export * from './generation';
export * from './selection';
export * from './models';
export * from './events';
export * from './operations';
