import { useEffect, useState } from 'react';
import { isClipTokenizerLoaded, loadClipTokenizer } from '@promptloom/proto';

/**
 * Whether the CLIP tokenizer can count yet. Its vocabulary (a few MB) is a chunk of its own, fetched the first
 * time an SD/Flux target is shown, so the Stream page opens as fast as before for Midjourney.
 */
export function useClipTokenizer(needed: boolean): boolean {
  const [loaded, setLoaded] = useState(isClipTokenizerLoaded);
  useEffect(() => {
    if (!needed || loaded) return;
    let cancelled = false;
    void loadClipTokenizer().then(() => !cancelled && setLoaded(true));
    return () => {
      cancelled = true;
    };
  }, [needed, loaded]);
  return loaded;
}
