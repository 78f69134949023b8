export { signatureRoutes } from './signature-routes';
export { streamRoutes } from './stream-routes';
export { imageRoutes } from './image-routes';
export { streamSettingsRoutes } from './stream-settings-routes';
export { promptHistoryRoutes } from './prompt-history-routes';
export { packRoutes } from './pack-routes';
