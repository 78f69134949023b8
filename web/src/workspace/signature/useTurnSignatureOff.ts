import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { MY_SIGNATURE, REMOVE_SIGNATURE } from '../data/signature-operations';
import { useSelection } from '../data/useSelection';

/** SPEC §3 keys of the active signature and its elements, cleared with it. */
const SIGNATURE_KEYS = [
  'active_Signature',
  'active_signatureElements',
  'active_ElementsListing',
  'active_subElementsListingSignature',
];

/**
 * SPEC §4 signature detail toggle, turning off: removes the signature and clears the active signature elements and
 * the active elements listing. The active elements are the server's selection (local storage only mirrors it), so
 * each is deactivated there, which also drops its sub-element choices; every screen reads the same cache, so the
 * home counts, the dashboard and the '00' gate show it at once.
 */
export function useTurnSignatureOff() {
  const { selection, setActive } = useSelection();
  const [remove] = useMutation(REMOVE_SIGNATURE, {
    refetchQueries: [{ query: MY_SIGNATURE }],
    awaitRefetchQueries: true,
  });
  const [turningOff, setTurningOff] = useState(false);

  async function turnOff() {
    setTurningOff(true);
    try {
      await remove();
      for (const elementId of selection.activeElements) await setActive('bl', elementId, false);
      for (const key of SIGNATURE_KEYS) localStorage.removeItem(key);
    } finally {
      setTurningOff(false);
    }
  }
  return { turnOff, turningOff };
}
