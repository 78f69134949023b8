import sharp from 'sharp';
import {
  IMAGE_DAMAGED,
  IMAGE_EMPTY,
  IMAGE_NOT_AN_IMAGE,
  imageTooLarge,
  imageTooManyPixels,
  invalidInput,
} from '@promptloom/proto';
import {
  STORED_IMAGE_MAX_EDGE,
  STORED_IMAGE_QUALITY,
  THUMBNAIL_EDGE,
  THUMBNAIL_QUALITY,
  type ImageLimits,
} from './image-limits';

/** Raster formats accepted, as sharp recognises them from the bytes (SVG is not: it is a document, not pixels). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface ProcessedImage {
  /** The normalised image: WebP, upright, sRGB, no EXIF/ICC/XMP, longest edge at most 4096 px. */
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  /** The format sharp found in the bytes ('jpeg', 'png' …), whatever the file was called. */
  sourceFormat: string;
}

/**
 * Checks that `input` is an image by decoding it (magic bytes, not the name or declared type), within the byte and
 * pixel limits, and turns it into a normalised WebP and a thumbnail. Every refusal is a 422 on the `image` field.
 */
export async function processImage(input: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  if (input.length === 0) throw imageError(IMAGE_EMPTY);
  if (input.length > limits.maxBytes) throw imageError(imageTooLarge(limits.maxBytes));
  // One pipeline: its header is read first (format, declared size), and pixels are decoded only if it passes.
  // checkHeader applies the pixel limit itself (libvips' own check would refuse with a vaguer error), so
  // libvips' is off; only the first page of a multi-page image is ever decoded. A truncated body fails decoding.
  const source = sharp(input, { limitInputPixels: false, failOn: 'truncated' });
  const format = await checkHeader(source, limits);
  const decoded = source.rotate();
  try {
    const [image, thumbnail] = await Promise.all([
      decoded
        .clone()
        .resize(STORED_IMAGE_MAX_EDGE, STORED_IMAGE_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: STORED_IMAGE_QUALITY })
        .toBuffer({ resolveWithObject: true }),
      decoded
        .clone()
        .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: THUMBNAIL_QUALITY })
        .toBuffer(),
    ]);
    return {
      image: image.data,
      thumbnail,
      width: image.info.width,
      height: image.info.height,
      sourceFormat: format,
    };
  } catch {
    throw imageError(IMAGE_DAMAGED);
  }
}

/** Reads only the header: the format and the declared size, refused before any pixel is decoded. */
async function checkHeader(source: sharp.Sharp, limits: ImageLimits): Promise<string> {
  let metadata: sharp.Metadata;
  try {
    metadata = await source.metadata();
  } catch {
    throw imageError(IMAGE_NOT_AN_IMAGE);
  }
  const { format, width, height } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) throw imageError(IMAGE_NOT_AN_IMAGE);
  if (width * height > limits.maxPixels) throw imageError(imageTooManyPixels(limits.maxPixels));
  return format;
}

const imageError = (message: string) => invalidInput({ image: [message] });
