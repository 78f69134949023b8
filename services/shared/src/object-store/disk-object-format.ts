import { type FileHandle } from 'node:fs/promises';
import { z } from 'zod';

/**
 * How `DiskObjectStore` lays out one object file:
 *
 *   bytes 0-3   "PLO1" (format marker and version)
 *   bytes 4-7   N, the header's length, unsigned 32-bit big-endian
 *   next N      the header: UTF-8 JSON {"contentType": "...", "metadata": {...}}
 *   the rest    the object's bytes, unchanged
 *
 * The content type lives in the same file as the bytes (rather than in a sidecar) so that one rename publishes both:
 * with two files, two concurrent overwrites of a key could leave one writer's bytes with the other's content type.
 */
const headerSchema = z.object({ contentType: z.string(), metadata: z.record(z.string(), z.string()) });
export type DiskObjectHeader = z.infer<typeof headerSchema>;

const MARKER = Buffer.from('PLO1', 'latin1');
const PREAMBLE_BYTES = MARKER.length + 4;
/** Far above what `validatePutOptions` allows; only guards against reading a huge "header" from a foreign file. */
const MAX_HEADER_BYTES = 64 * 1024;

export class CorruptObjectFileError extends Error {
  constructor(reason: string) {
    super(`Not an object file: ${reason}.`);
    this.name = 'CorruptObjectFileError';
  }
}

export function encodeHeader(header: DiskObjectHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const preamble = Buffer.alloc(PREAMBLE_BYTES);
  MARKER.copy(preamble);
  preamble.writeUInt32BE(json.length, MARKER.length);
  return Buffer.concat([preamble, json]);
}

/** Reads the header with positional reads, so the handle's own position stays at 0. */
export async function readHeader(
  file: FileHandle,
): Promise<{ header: DiskObjectHeader; bodyOffset: number }> {
  const preamble = await readExactly(file, 0, PREAMBLE_BYTES);
  const headerBytes = headerLength(preamble);
  const json = await readExactly(file, PREAMBLE_BYTES, headerBytes);
  return { header: parseHeaderJson(json), bodyOffset: PREAMBLE_BYTES + headerBytes };
}

/** Splits a whole object file into its header and body (the body shares the file buffer's memory). */
export function decodeObjectFile(file: Buffer): { header: DiskObjectHeader; body: Buffer } {
  const headerBytes = headerLength(file.subarray(0, PREAMBLE_BYTES));
  const bodyOffset = PREAMBLE_BYTES + headerBytes;
  if (file.length < bodyOffset) {
    throw new CorruptObjectFileError('truncated header');
  }
  return {
    header: parseHeaderJson(file.subarray(PREAMBLE_BYTES, bodyOffset)),
    body: file.subarray(bodyOffset),
  };
}

function headerLength(preamble: Buffer): number {
  if (preamble.length < PREAMBLE_BYTES || !preamble.subarray(0, MARKER.length).equals(MARKER)) {
    throw new CorruptObjectFileError('missing format marker');
  }
  const length = preamble.readUInt32BE(MARKER.length);
  if (length > MAX_HEADER_BYTES) {
    throw new CorruptObjectFileError('header too large');
  }
  return length;
}

function parseHeaderJson(json: Buffer): DiskObjectHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    throw new CorruptObjectFileError('header is not JSON');
  }
  const header = headerSchema.safeParse(parsed);
  if (!header.success) {
    throw new CorruptObjectFileError('header has an unexpected shape');
  }
  return header.data;
}

async function readExactly(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) {
      throw new CorruptObjectFileError('truncated header');
    }
    filled += bytesRead;
  }
  return buffer;
}
