import { useMutation } from '@apollo/client/react';
import { type PromptParameter, type PromptTarget } from '@promptloom/proto';
import { useSession } from '../../session/SessionProvider';
import { SELECTION } from '../data/selection-operations';
import { MY_SIGNATURE, STORE_SIGNATURE } from '../data/signature-operations';
import { useActiveSignature } from '../signature/useActiveSignature';
import { restorableSignatureOf, savedTargetOf } from './prompt-basis';
import { RESTORE_SELECTION, type PromptVersionView } from './prompt-history-operations';

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, index) => name === b[index]);

/** How the Stream settings take a version's target and parameters (useStreamSettings' `restore`). */
export type RestoreSettings = (input: {
  target: PromptTarget;
  parameters?: PromptParameter[];
}) => Promise<unknown>;

/**
 * Issue #19 Restore: the version's selection (types, Pro items, elements and their sub-elements, by name, in one
 * server call), its signature, target and kept parameters. Answers how many items no longer exist; rejects when
 * any part was refused (the parts run side by side, so the others still land).
 */
export function useRestoreVersion(restoreSettings: RestoreSettings) {
  const { user } = useSession();
  const { saved, active } = useActiveSignature();
  const [restoreSelection] = useMutation(RESTORE_SELECTION, {
    update: (cache, { data }) => {
      if (data) cache.writeQuery({ query: SELECTION, data: { selection: data.restoreSelection.selection } });
    },
  });
  const [storeSignature] = useMutation(STORE_SIGNATURE, {
    update: (cache, { data }) => {
      if (data) cache.writeQuery({ query: MY_SIGNATURE, data: { mySignature: data.storeSignature } });
    },
  });

  /** Saves the version's signature again unless it is the active one; a signature an admin turned off stays off. */
  async function restoreSignature(version: PromptVersionView): Promise<number> {
    const names = restorableSignatureOf(version);
    const { signatureType, signatureElements } = version.snapshot;
    if (!names) return 0;
    if (saved && !active) return names.length;
    // A version saved before the signature's type was recorded matches on the names alone.
    const typeRecorded = signatureElements != null;
    const sameType = !typeRecorded || saved?.type === (signatureType ?? null);
    if (active && sameNames(active.elements, names) && sameType) return 0;
    await storeSignature({
      variables: {
        input: {
          username: user?.name ?? '',
          signature: names,
          signatureElements: signatureElements ?? names,
          type: signatureType ?? null,
        },
        replace: true,
      },
    });
    return 0;
  }

  return async (version: PromptVersionView): Promise<number> => {
    const { selection, parameters } = version.snapshot;
    const parts = await Promise.allSettled([
      restoreSelection({
        variables: {
          input: {
            types: selection.types,
            proItems: selection.proItems,
            elements: selection.elements.map(({ name, subElements }) => ({ name, subElements })),
          },
        },
      }).then((result) => result.data?.restoreSelection.missing ?? 0),
      restoreSignature(version),
      restoreSettings({
        target: savedTargetOf(version),
        parameters: parameters?.map(({ flag, value }) => ({ flag, value })),
      }).then(() => 0),
    ]);
    const refused = parts.find((part) => part.status === 'rejected');
    if (refused) throw refused.reason;
    return parts.reduce((missing, part) => missing + (part.status === 'fulfilled' ? part.value : 0), 0);
  };
}
