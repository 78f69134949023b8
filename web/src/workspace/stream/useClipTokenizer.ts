import { useEffect, useState } from 'react';
import { isClipTokenizerLoaded, loadClipTokenizer } from '@promptloom/proto';
// A static file of its own (about 210 kB gzip), named by its content's hash, so the browser keeps it for a year.
import clipMergesUrl from '../../../../proto/assets/clip-merges.txt?url';

async function fetchClipMerges(): Promise<string> {
  const response = await fetch(clipMergesUrl);
  if (!response.ok) throw new Error(`The CLIP vocabulary could not be loaded (${response.status}).`);
  return response.text();
}

/**
 * Whether the CLIP tokenizer can count yet. Its vocabulary is fetched the first time an SD/Flux target is shown,
 * so the Stream page opens as fast as before for Midjourney. Until it is there (or when it cannot be fetched) the
 * page shows no count.
 */
export function useClipTokenizer(needed: boolean): boolean {
  const [loaded, setLoaded] = useState(isClipTokenizerLoaded);
  useEffect(() => {
    if (!needed || loaded) return;
    let cancelled = false;
    loadClipTokenizer(fetchClipMerges).then(
      () => !cancelled && setLoaded(true),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [needed, loaded]);
  return loaded;
}
