import sharp from 'sharp';
import { DomainError } from '@promptloom/proto';
import { photoJpeg, pngDeclaring, smallPng, TEXT_FILE, truncatedJpeg } from '../testing';
import { processImage } from './image-pipeline';

const limits = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 };

async function refusal(input: Buffer, custom = limits): Promise<DomainError> {
  const error = await processImage(input, custom).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('BAD_USER_INPUT');
  return error as DomainError;
}

describe('processImage', () => {
  it('turns a JPEG into an upright WebP and a thumbnail, without its EXIF', async () => {
    const input = await photoJpeg(1920, 1080);
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const result = await processImage(input, limits);

    const stored = await sharp(result.image).metadata();
    const thumbnail = await sharp(result.thumbnail).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1920, height: 1080 });
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(result.image.includes('EXIF-SECRET')).toBe(false);
    expect(thumbnail).toMatchObject({ format: 'webp', width: 320, height: 180 });
    expect(result).toMatchObject({ width: 1920, height: 1080, sourceFormat: 'jpeg' });
  });

  it('keeps a small image at its size', async () => {
    const result = await processImage(await smallPng(64, 48), limits);
    expect(result).toMatchObject({ width: 64, height: 48, sourceFormat: 'png' });
    expect((await sharp(result.thumbnail).metadata()).width).toBe(64);
  });

  it('refuses a text file, whatever it is called', async () => {
    expect((await refusal(TEXT_FILE)).fields).toEqual({ image: ['The image field must be an image.'] });
  });

  it('refuses a truncated JPEG', async () => {
    const error = await refusal(await truncatedJpeg());
    expect(error.fields?.image?.[0]).toMatch(/^The image field must be an image/);
  });

  it('refuses an empty file', async () => {
    expect((await refusal(Buffer.alloc(0))).fields).toEqual({
      image: ['The image field must be an image: the file is empty.'],
    });
  });

  it('refuses a header declaring 100000×100000 pixels before decoding anything', async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2000);
    expect((await refusal(bomb)).fields).toEqual({
      image: ['The image field must not be larger than 40 megapixels.'],
    });
  });

  it('refuses a body over the byte limit', async () => {
    const input = await smallPng();
    expect(
      (await refusal(input, { maxBytes: input.length - 1, maxPixels: 40_000_000 })).fields?.image,
    ).toEqual([
      `The image field must not be greater than ${Math.floor((input.length - 1) / 1024)} kilobytes.`,
    ]);
  });
});
