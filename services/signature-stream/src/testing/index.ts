export * from './image-fixtures';
