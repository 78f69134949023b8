import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { firstMessageOf, formErrorsOf } from '../../apollo/field-errors';
import { MY_PACK_FILE } from './pack-operations';

/** Saves the user's signature pack as a JSON file through the browser's download. */
export function PackExport() {
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setMessage(null);
    try {
      const { data } = await client.query({ query: MY_PACK_FILE, fetchPolicy: 'network-only' });
      if (!data) return;
      const { filename, content } = data.mySignaturePack;
      const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = filename;
      anchor.click();
      URL.revokeObjectURL(url);
      setMessage(`Saved ${filename}.`);
    } catch (error) {
      setMessage(firstMessageOf(formErrorsOf(error, 'The pack could not be exported.')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pack-row">
      <button type="button" className="button-primary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing…' : 'Download pack file'}
      </button>
      <p className="pack-muted" role="status">
        {message}
      </p>
    </div>
  );
}
