/** Upload limits against oversized files and decompression bombs (IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS). */
export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 };

/** The stored image's longest edge at most; larger uploads are scaled down, smaller ones kept as they are. */
export const STORED_IMAGE_MAX_EDGE = 4096;
export const THUMBNAIL_EDGE = 320;
export const STORED_IMAGE_QUALITY = 82;
export const THUMBNAIL_QUALITY = 70;
