/** The words the signature and stream features show; the spec's where it gives them (SPEC §8). */
export const SIGNATURE_REPLACE_QUESTION =
  'A signature is already saved. Do you want to replace it with the new one? Your old signature will be removed.';
export const SIGNATURE_NOT_FOUND = 'No signature is saved.';
export const SIGNATURE_SAVED = 'Signature saved successfully';
export const SIGNATURE_UPDATED = 'Signature updated successfully';
export const SIGNATURE_REMOVED = 'Signature removed successfully';
export const SIGNATURE_SWAPPED = 'Signature swapped successfully';
export const SWAP_NOT_JSON = 'The AI reply was not valid JSON; the signature is unchanged.';
export const swapWrongCount = (count: number) =>
  `The AI returned ${count} names instead of 6; the signature is unchanged.`;
export const NO_RESPONSE_FROM_AI = 'No response from AI';
export const USER_MISMATCH = 'The user id must match the user in the path.';

export const IMAGE_STORED = 'Image uploaded successfully';
export const IMAGE_REQUIRED = 'The image field is required.';
export const IMAGE_NOT_AN_IMAGE = 'The image field must be an image.';
export const IMAGE_DAMAGED = 'The image field must be an image: the file is damaged or truncated.';
export const IMAGE_EMPTY = 'The image field must be an image: the file is empty.';
export const IMAGE_NOT_FOUND = 'Image not found.';
export const UPLOAD_NOT_FOUND =
  'The upload was not found or has already been used. Please upload the image again.';
export const imageTooLarge = (maxBytes: number) =>
  `The image field must not be greater than ${Math.floor(maxBytes / 1024)} kilobytes.`;
export const imageTooManyPixels = (maxPixels: number) =>
  `The image field must not be larger than ${(maxPixels / 1_000_000).toLocaleString('en-US')} megapixels.`;
