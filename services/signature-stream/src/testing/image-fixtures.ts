import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like JPEG (noise, so it compresses like a real photo) carrying EXIF that must not survive. */
export async function photoJpeg(width = 1920, height = 1080): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#6a8caf',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return sharp(noise)
    .withExif({ IFD0: { Copyright: 'EXIF-SECRET-COPYRIGHT', Artist: 'EXIF-SECRET-ARTIST' } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function smallPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#ff8800' } })
    .png()
    .toBuffer();
}

/** The first half of a JPEG: a valid header, then the data stops. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await photoJpeg(800, 600);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export const TEXT_FILE = Buffer.from(
  'This is a plain text file with a .png name, not an image.\n'.repeat(20),
);

/**
 * A small, well-formed PNG whose header declares `width` × `height` pixels (a decompression bomb's header): the
 * file is a few hundred bytes, the image it claims 10 gigapixels.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
