import sharp from 'sharp';
import { IMAGE_DAMAGED, IMAGE_NOT_AN_IMAGE, imageTooManyPixels, invalidInput } from '@promptloom/proto';

/** IMAGE_MAX_PIXELS's default, the signature service's limit too. */
export const DEFAULT_MAX_PIXELS = 40_000_000;

/** The raster formats the signature service accepts, as sharp recognises them from the bytes. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Refuses with 422 on `image`, before anything is stored or counted, an upload that does not decode: its header is
 * read first (format and declared size, refused past `maxPixels` before any pixel is decoded, against
 * decompression bombs), then every pixel of its first page is decoded. An image header followed by noise, or a
 * truncated file, fails here rather than waiting in the pending uploads.
 */
export async function requireDecodableImage(bytes: Buffer, maxPixels: number): Promise<void> {
  const source = sharp(bytes, { limitInputPixels: false, failOn: 'truncated', sequentialRead: true });
  let metadata: sharp.Metadata;
  try {
    metadata = await source.metadata();
  } catch {
    throw imageError(IMAGE_NOT_AN_IMAGE);
  }
  const { format, width, height } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) throw imageError(IMAGE_NOT_AN_IMAGE);
  if (width * height > maxPixels) throw imageError(imageTooManyPixels(maxPixels));
  try {
    // Statistics read every pixel, a tile at a time: a full decode without holding the image.
    await source.stats();
  } catch {
    throw imageError(IMAGE_DAMAGED);
  }
}

const imageError = (message: string) => invalidInput({ image: [message] });
