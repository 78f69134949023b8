import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ToastRegion, useDialogShowsToasts } from '../../components/Toasts';
import { wrapTab } from '../../components/wrap-tab';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * Keeps the focus in the dialog: a refused submit moves it to the first field marked invalid, and a focus lost to
 * the page (the submit button disabled while it saves) comes back to the dialog, so Escape and Tab still work.
 */
function keepFocusInside(dialog: HTMLElement): () => void {
  const observer = new MutationObserver((mutations) => {
    const newlyInvalid = mutations.some(
      (mutation) =>
        mutation.attributeName === 'aria-invalid' &&
        (mutation.target as Element).getAttribute('aria-invalid') === 'true',
    );
    const firstInvalid = dialog.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (newlyInvalid && firstInvalid) firstInvalid.focus();
    else if (!dialog.contains(document.activeElement)) dialog.focus();
  });
  observer.observe(dialog, {
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-invalid', 'disabled'],
  });
  return () => observer.disconnect();
}

/**
 * A modal dialog: labelled by its title; focus moves inside on open, stays inside (Tab wraps around, a refused
 * submit focuses the first invalid field) and returns on close; Escape closes it wherever the focus is.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useDialogShowsToasts();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    const first = element.querySelector<HTMLElement>('input, select, textarea, button');
    (first ?? element).focus();
    const stopKeeping = keepFocusInside(element);
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close.current();
        return;
      }
      if (element) wrapTab(element, event);
    }
    // Capture: the dialog answers Escape and Tab before anything else on the page (a drawer's own listener).
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      stopKeeping();
      opener?.focus();
    };
  }, []);

  return (
    <div className="admin-modal-backdrop">
      <div
        ref={dialog}
        className="admin-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="admin-modal-title">
          {title}
        </h2>
        <ToastRegion inDialog />
        {children}
      </div>
    </div>
  );
}
