import { DomainError } from '@promptloom/proto';
import { type PutObjectOptions } from './object-store';

const MAX_KEY_BYTES = 1024;
/** The usual file-name limit; a longer segment would work on S3 but not on disk. */
const MAX_SEGMENT_BYTES = 255;
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;[\x20-\x7e]*)?$/i;
const MAX_CONTENT_TYPE_LENGTH = 255;
const METADATA_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const MAX_METADATA_BYTES = 2048;

/**
 * Throws DomainError('BAD_USER_INPUT') unless `key` is a relative '/'-separated path that cannot leave the store's
 * root: not empty, no leading '/', no empty segment, no segment starting with '.' (which rules out '.' and '..' and
 * keeps dot-names free for the disk store's own files), no backslash, no control character, at most 1024 bytes.
 */
export function validateObjectKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) {
    throw new DomainError('BAD_USER_INPUT', `Invalid object key ${JSON.stringify(key)}: ${problem}.`);
  }
}

/** Throws unless `prefix` is a valid key followed by '/' (or '' when `allowEmpty`, meaning every object). */
export function validateFolderPrefix(prefix: string, { allowEmpty }: { allowEmpty: boolean }): void {
  if (prefix === '' && allowEmpty) {
    return;
  }
  const problem = prefix.endsWith('/') ? keyProblem(prefix.slice(0, -1)) : 'must end with "/"';
  if (problem) {
    throw new DomainError('BAD_USER_INPUT', `Invalid object prefix ${JSON.stringify(prefix)}: ${problem}.`);
  }
}

/** Content types and metadata end up in HTTP headers on S3, so both are kept to safe, header-friendly text. */
export function validatePutOptions(options: PutObjectOptions): void {
  const { contentType, metadata = {} } = options;
  if (contentType.length > MAX_CONTENT_TYPE_LENGTH || !MEDIA_TYPE.test(contentType)) {
    throw new DomainError('BAD_USER_INPUT', `Invalid content type ${JSON.stringify(contentType)}.`);
  }
  let bytes = 0;
  for (const [name, value] of Object.entries(metadata)) {
    if (!METADATA_NAME.test(name)) {
      throw new DomainError(
        'BAD_USER_INPUT',
        `Invalid metadata name ${JSON.stringify(name)}: use lowercase letters, digits and "-".`,
      );
    }
    if (typeof value !== 'string' || !PRINTABLE_ASCII.test(value)) {
      throw new DomainError('BAD_USER_INPUT', `Metadata "${name}" must be printable ASCII text.`);
    }
    bytes += name.length + value.length;
  }
  if (bytes > MAX_METADATA_BYTES) {
    throw new DomainError('BAD_USER_INPUT', `Metadata is limited to ${MAX_METADATA_BYTES} bytes in all.`);
  }
}

function keyProblem(key: string): string | undefined {
  if (typeof key !== 'string' || key === '') {
    return 'must not be empty';
  }
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
    return `must be at most ${MAX_KEY_BYTES} bytes`;
  }
  if (hasControlCharacter(key)) {
    return 'must not contain control characters';
  }
  if (key.includes('\\')) {
    return 'must not contain backslashes';
  }
  if (key.startsWith('/')) {
    return 'must be relative';
  }
  for (const segment of key.split('/')) {
    if (segment === '') {
      return 'must not contain empty segments';
    }
    if (segment.startsWith('.')) {
      return 'segments must not start with "."';
    }
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) {
      return `segments must be at most ${MAX_SEGMENT_BYTES} bytes`;
    }
  }
  return undefined;
}

/** C0 and C1 control characters and DEL (a regex would trip ESLint's no-control-regex). */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      return true;
    }
  }
  return false;
}
