import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { BR_CODES, type BrCode } from './signature-operations';
import { useLiveList } from './useLiveList';
import { useSelection } from './useSelection';

const STORAGE_KEY = 'signature_inputs_map';

interface StoredCodes {
  /** The active types and elements the codes were built from; other ones mean the codes are stale. */
  basis: string;
  codes: BrCode[];
}

/**
 * SPEC §4 BR codes: built once from the types map (each active type → the active elements) and kept, so a code
 * keeps its elements until the active lists change or the user rebuilds them.
 */
export function useBrCodes() {
  const client = useApolloClient();
  const types = useLiveList('tl');
  const elements = useLiveList('bl');
  const { selection } = useSelection();
  const activeTypes = types.items
    .filter((item) => selection.activeTypes.includes(item.id))
    .map((item) => item.aiResponse);
  const activeElements = elements.items
    .filter((item) => selection.activeElements.includes(item.id))
    .map((item) => item.aiResponse);
  const basis = JSON.stringify([activeTypes, activeElements]);
  const [stored, setStored] = useState<StoredCodes | null>(() => {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as StoredCodes | null;
    } catch {
      return null;
    }
  });
  const [building, setBuilding] = useState(false);

  async function build() {
    if (activeTypes.length === 0 || activeElements.length === 0) return;
    setBuilding(true);
    try {
      const { data } = await client.query({
        query: BR_CODES,
        variables: { types: activeTypes.map((type) => ({ type, elements: activeElements })) },
        fetchPolicy: 'network-only',
      });
      const next = { basis, codes: data?.brCodes ?? [] };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      setStored(next);
    } finally {
      setBuilding(false);
    }
  }

  const ready = !types.loading && !elements.loading;
  // Rebuilt only when what the codes are built from changes.
  useEffect(() => {
    if (ready && stored?.basis !== basis) void build();
  }, [ready, basis]);

  const current = stored?.basis === basis ? stored.codes : [];
  return {
    codes: current,
    building: building || !ready,
    hasBasis: activeTypes.length > 0 && activeElements.length > 0,
    rebuild: () => void build(),
  };
}
