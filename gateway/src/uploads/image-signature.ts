/**
 * Whether the first bytes are those of a raster format the signature service accepts (JPEG, PNG, GIF, WebP, AVIF,
 * HEIF, TIFF). A cheap check on arrival, so HTML or noise is refused before it is stored; sharp still decodes
 * and decides later.
 */
export function looksLikeImage(bytes: Buffer): boolean {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  const ascii = (text: string, offset = 0) => bytes.toString('latin1', offset, offset + text.length) === text;
  return (
    starts([0xff, 0xd8, 0xff]) ||
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    ascii('GIF87a') ||
    ascii('GIF89a') ||
    (ascii('RIFF') && ascii('WEBP', 8)) ||
    (ascii('ftyp', 4) && ['avif', 'avis', 'heic', 'heix', 'mif1', 'msf1'].some((brand) => ascii(brand, 8))) ||
    starts([0x49, 0x49, 0x2a, 0x00]) ||
    starts([0x4d, 0x4d, 0x00, 0x2a])
  );
}
