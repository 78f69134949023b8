import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { activeSignatureOf, isActiveSignature, type SignatureIdentity } from '@promptloom/proto';
import { MY_SIGNATURE } from '../data/signature-operations';

/**
 * The one notion of "the active signature" (its code and its six elements) that the BR list, a code's page, the
 * '00' gate, the dashboard and the Stream page share: the saved signature, unless an admin set it Deactive.
 */
export function useActiveSignature() {
  const query = useQuery(MY_SIGNATURE);
  const saved = query.data?.mySignature ?? null;
  const active = activeSignatureOf(saved);
  const loaded = query.data !== undefined;
  const code = active?.code ?? null;
  const elements = active?.elements.join(',') ?? null;
  useEffect(() => {
    if (loaded) mirrorToLocalStorage(code, elements);
  }, [loaded, code, elements]);
  return {
    /** The saved signature, active or not (a Deactive one is still replaced when another is saved). */
    saved,
    active,
    loading: query.loading,
    isActive: (candidate: SignatureIdentity | null | undefined) => isActiveSignature(active, candidate),
  };
}

/** SPEC §3 keeps active_Signature and active_signatureElements in local storage; the server's is the truth. */
function mirrorToLocalStorage(code: string | null, elements: string | null): void {
  if (code === null || elements === null) {
    localStorage.removeItem('active_Signature');
    localStorage.removeItem('active_signatureElements');
    return;
  }
  localStorage.setItem('active_Signature', code);
  localStorage.setItem('active_signatureElements', elements);
}
