import { useEffect, useState, useSyncExternalStore } from 'react';
import { type ApolloClient } from '@apollo/client';
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
 * The stored codes, one store for every screen that shows them (the BR list, its count badge, a code's page): the
 * codes are random, so two screens building their own would show different codes under the same link.
 */
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; codes: StoredCodes | null } = { raw: null, codes: null };
let building: { basis: string; codes: Promise<StoredCodes> } | null = null;

function readStoredCodes(): StoredCodes | null {
  // Read each time (it is cheap): signing out clears the key, and the next user must not see these codes.
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw !== snapshot.raw) {
    let codes: StoredCodes | null = null;
    try {
      codes = JSON.parse(raw ?? 'null') as StoredCodes | null;
    } catch {
      codes = null;
    }
    snapshot = { raw, codes };
  }
  return snapshot.codes;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The codes of a basis (`[activeTypes, activeElements]` as JSON), built by the server, kept in local storage. */
async function fetchCodes(client: ApolloClient, basis: string): Promise<StoredCodes> {
  const [types, elements] = JSON.parse(basis) as [string[], string[]];
  const { data } = await client.query({
    query: BR_CODES,
    variables: { types: types.map((type) => ({ type, elements })) },
    fetchPolicy: 'network-only',
  });
  const next = { basis, codes: data?.brCodes ?? [] };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
  return next;
}

/** One build per basis at a time, however many screens ask for it. */
function buildOnce(client: ApolloClient, basis: string, fresh = false): Promise<StoredCodes> {
  if (!fresh && building?.basis === basis) return building.codes;
  const codes = fetchCodes(client, basis).finally(() => {
    if (building?.codes === codes) building = null;
  });
  building = { basis, codes };
  return codes;
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
  const hasBasis = activeTypes.length > 0 && activeElements.length > 0;
  const stored = useSyncExternalStore(subscribe, readStoredCodes);
  const [rebuilding, setRebuilding] = useState(false);
  const [failedBasis, setFailedBasis] = useState<string | null>(null);

  const ready = !types.loading && !elements.loading;
  // Rebuilt only when what the codes are built from changes (a basis whose build failed waits for a rebuild).
  const stale = ready && hasBasis && stored?.basis !== basis && failedBasis !== basis;
  useEffect(() => {
    if (!stale) return;
    let cancelled = false;
    buildOnce(client, basis).catch(() => !cancelled && setFailedBasis(basis));
    return () => {
      cancelled = true;
    };
  }, [stale, client, basis]);

  async function rebuild() {
    if (!hasBasis) return;
    setRebuilding(true);
    try {
      await buildOnce(client, basis, true);
    } finally {
      setRebuilding(false);
    }
  }

  const current = stored?.basis === basis ? stored.codes : [];
  return {
    codes: current,
    building: rebuilding || stale || !ready,
    hasBasis,
    rebuild: () => void rebuild(),
  };
}
