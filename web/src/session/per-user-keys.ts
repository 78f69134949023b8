/**
 * Every local storage key that belongs to the signed-in user (SPEC §3), plus the client's own per-user keys. Each
 * is removed when a session ends, so nothing of one user's workspace shows to the next one on the same browser.
 */
const PER_USER_KEYS = [
  'user',
  'token',
  'lastActivity',
  'levels',
  'levels_lb',
  'levels_tr_top',
  'levels_rb',
  'active_TypesListing',
  'active_ElementsListing',
  'active_ProListing',
  'active_Signature',
  'active_signatureElements',
  'active_subElementsListingSignature',
  'activeElementsSubType',
  'signature_inputs_map',
  'agent_model',
  'AIRef',
  'LFlip',
  'RFlip',
  'LsidebarOpen',
  'RsidebarOpen',
  'matchedType',
  'topModeIndex',
  'powerMode',
  'url',
  'agent_details',
  'stream_toggles',
  'visit_token',
] as const;

/** Keys SPEC §3 names by prefix: the finalAIResponse flags of each list, and agent_reason per key. */
const PER_USER_PREFIXES = ['finalAIResponse', 'agent_reason', 'agent_details'] as const;

export function isPerUserKey(key: string): boolean {
  return (
    (PER_USER_KEYS as readonly string[]).includes(key) ||
    PER_USER_PREFIXES.some((prefix) => key.startsWith(prefix))
  );
}

export function clearPerUserKeys(storage: Storage = localStorage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
    (key): key is string => key !== null && isPerUserKey(key),
  );
  for (const key of keys) storage.removeItem(key);
}
