export * from './signature-service';

export { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './images/image-limits';
export { processImage, type ProcessedImage } from './images/image-pipeline';
export { signatureServiceSettings } from './service-settings';
export { type PromptVersionLimitSettings } from './history';
export { signatureMigrations } from './migrations';
