import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
}

/** A modal dialog: labelled by its title, focus moves inside on open and returns on close; Escape closes it. */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = dialog.current?.querySelector<HTMLElement>('input, select, textarea, button');
    (first ?? dialog.current)?.focus();
    return () => opener?.focus();
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
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          event.stopPropagation();
        }}
      >
        <h2 id={titleId} className="admin-modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
