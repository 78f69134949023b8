import { type Request } from 'express';
import busboy from 'busboy';
import {
  IMAGE_EMPTY,
  IMAGE_NOT_AN_IMAGE,
  IMAGE_REQUIRED,
  imageTooLarge,
  invalidInput,
} from '@promptloom/proto';
import { looksLikeImage } from './image-signature';

export interface UploadedImage {
  body: Buffer;
  filename: string;
}

export interface MultipartImageForm {
  fields: Record<string, string>;
  image: UploadedImage | null;
}

const FIELD_LIMITS = { fields: 20, fieldSize: 16 * 1024, parts: 30 };
const NOT_MULTIPART = 'The request must be multipart/form-data with an image field.';

/**
 * Reads a multipart form with one `image` file. The file is counted while it streams: past `maxBytes` reading
 * stops at once and the request fails with 422, so no more than the limit is ever held in memory. An empty
 * file is refused here too, and so are bytes that do not start like an image (HTML, noise); the whole image is
 * decoded before it is stored (requireDecodableImage).
 */
export function readMultipartImage(request: Request, maxBytes: number): Promise<MultipartImageForm> {
  if (!request.is('multipart/form-data'))
    return Promise.reject(invalidInput({ image: [IMAGE_REQUIRED] }, NOT_MULTIPART));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: { ...FIELD_LIMITS, files: 1, fileSize: maxBytes },
      });
    } catch {
      reject(invalidInput({ image: [IMAGE_REQUIRED] }, NOT_MULTIPART));
      return;
    }
    const fields: Record<string, string> = {};
    let image: UploadedImage | null = null;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      // The rest of the body is discarded as it arrives, never buffered; the error handler answers once it is all read.
      request.resume();
      reject(error);
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, file, info) => {
      if (name !== 'image') {
        file.resume();
        return;
      }
      const chunks: Buffer[] = [];
      file.on('data', (chunk: Buffer) => chunks.push(chunk));
      file.on('limit', () => {
        chunks.length = 0;
        fail(invalidInput({ image: [imageTooLarge(maxBytes)] }));
      });
      file.on('end', () => {
        if (settled) return;
        const body = Buffer.concat(chunks);
        if (body.length === 0) return fail(invalidInput({ image: [IMAGE_EMPTY] }));
        if (!looksLikeImage(body)) return fail(invalidInput({ image: [IMAGE_NOT_AN_IMAGE] }));
        image = { body, filename: info.filename ?? 'image' };
      });
    });
    parser.on('error', () =>
      fail(invalidInput({ image: [IMAGE_REQUIRED] }, 'The multipart body is malformed.')),
    );
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields, image });
    });
    request.on('aborted', () => fail(invalidInput({ image: [IMAGE_REQUIRED] }, 'The upload was aborted.')));
    request.pipe(parser);
  });
}
