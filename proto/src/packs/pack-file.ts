import { z } from 'zod';
import { invalidInput } from '../errors';
import { itemKey } from '../rules/items';
import { SIGNATURE_SIZE, SIGNATURE_SIZE_MESSAGE } from '../rules/signature';
import { parseInput } from '../validation';
import { PACK_NOT_JSON, packTooLarge } from './messages';

export const PACK_FORMAT = 'promptloom.signature-pack';
export const PACK_VERSION = 1;
/** The largest pack file read (a full pack of 100 elements with 200 sub-elements each stays well below). */
export const PACK_MAX_BYTES = 512 * 1024;
export const PACK_MAX_ELEMENTS = 100;
export const PACK_MAX_SUB_ELEMENTS = 200;

/**
 * Names are checked loosely here (what a file may hold); whether the lists accept a name (1 to 29 characters) is
 * decided per item at import, where one that does not fit is skipped as invalid instead of refusing the pack.
 */
const packName = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, { error: `The ${label} field is required.` })
    .max(100, { error: `The ${label} must not be greater than 100 characters.` });

const packReason = z
  .string({ error: 'The reason must be text or null.' })
  .trim()
  .max(1000, { error: 'The reason must not be greater than 1000 characters.' })
  .nullish()
  .transform((reason) => reason || null);

const keyOf = (name: string) => itemKey(name) || name.toLowerCase();

/** Adds an issue at `<path>.<index>.name` for every name that repeats an earlier one (case-insensitively). */
function refuseDuplicates(names: readonly string[], label: string, context: z.RefinementCtx) {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    const key = keyOf(name);
    if (seen.has(key))
      context.addIssue({
        code: 'custom',
        path: [index, 'name'],
        message: `The ${label} "${name}" appears more than once.`,
      });
    seen.add(key);
  });
}

export const PackSubElement = z.object({
  name: packName('sub-element name'),
  group: packName('group').default('General'),
  reason: packReason,
});
export type PackSubElement = z.infer<typeof PackSubElement>;

export const PackElement = z.object({
  name: packName('element name'),
  reason: packReason,
  subElements: z
    .array(PackSubElement, { error: 'The sub-elements field must be a list.' })
    .max(PACK_MAX_SUB_ELEMENTS, {
      error: `An element must not have more than ${PACK_MAX_SUB_ELEMENTS} sub-elements.`,
    })
    .default([])
    .superRefine((subElements, context) =>
      refuseDuplicates(
        subElements.map((sub) => sub.name),
        'sub-element name',
        context,
      ),
    ),
});
export type PackElement = z.infer<typeof PackElement>;

export const PackSignature = z.object(
  {
    names: z
      .array(packName('signature name'), { error: 'The signature names field must be a list.' })
      .length(SIGNATURE_SIZE, { error: SIGNATURE_SIZE_MESSAGE }),
    type: z
      .string({ error: 'The type must be text or null.' })
      .trim()
      .max(100, { error: 'The type must not be greater than 100 characters.' })
      .nullish()
      .transform((type) => type || null),
    code: z.string({ error: 'The code must be text.' }).max(300).optional(),
  },
  { error: 'The signature field is required.' },
);

/** What any version of a pack starts with: read first, so another version is refused for that alone. */
const NOT_A_PACK = `The format must be "${PACK_FORMAT}": this file is not a signature pack.`;
const PackHeader = z.object(
  {
    format: z.literal(PACK_FORMAT, { error: NOT_A_PACK }),
    version: z.literal(PACK_VERSION, {
      error: (issue) =>
        issue.input === undefined
          ? 'The version field is required.'
          : `Pack version ${String(issue.input)} is not supported: this Promptloom reads version ${PACK_VERSION}.`,
    }),
  },
  { error: NOT_A_PACK },
);

/**
 * A signature pack file, version 1: the signature's six names and type, and its elements with their reasons and
 * sub-elements. It names no one: nothing of the owner (no id, no email, no name) is part of it.
 */
const PackContent = PackHeader.extend({
  exportedAt: z.string().max(40).optional(),
  signature: PackSignature,
  elements: z
    .array(PackElement, { error: 'The elements field must be a list.' })
    .max(PACK_MAX_ELEMENTS, { error: `A pack must not have more than ${PACK_MAX_ELEMENTS} elements.` })
    .superRefine((elements, context) =>
      refuseDuplicates(
        elements.map((element) => element.name),
        'element name',
        context,
      ),
    ),
});
/** Another format or version is refused for that alone (the pipe stops there): its other fields mean something else. */
export const SignaturePackFile = PackHeader.loose().pipe(PackContent);
export type SignaturePackFile = z.output<typeof SignaturePackFile>;

/**
 * A pack file's text as read from a file: too large or not JSON is refused before anything else, then the schema
 * gives its field messages (`elements.2.name`). Throws BAD_USER_INPUT.
 */
export function readPackFile(text: string): SignaturePackFile {
  if (new TextEncoder().encode(text).length > PACK_MAX_BYTES)
    throw invalidInput({ file: [packTooLarge(PACK_MAX_BYTES)] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidInput({ file: [PACK_NOT_JSON] });
  }
  return parseInput(SignaturePackFile, parsed);
}
