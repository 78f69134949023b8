import { useEffect, useRef, useState } from 'react';

/**
 * The link just created, shown once: focused and selected for copying, with a Copy button that says it copied.
 * Keyed by its URL, so a new link starts afresh.
 */
export function NewPackLink({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className="pack-new-link">
      <label htmlFor="pack-new-link">New link (shown once: copy it now)</label>
      <div className="pack-row pack-new-link-row">
        <input
          id="pack-new-link"
          ref={input}
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button-secondary" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy link'}
        </button>
      </div>
      <p className="pack-muted" role="status">
        {copied === 'yes'
          ? 'Link copied.'
          : copied === 'failed'
            ? 'Copy it from the box: it is selected.'
            : ''}
      </p>
    </div>
  );
}
