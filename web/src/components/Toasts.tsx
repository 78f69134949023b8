import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastState {
  show(kind: ToastKind, text: string): void;
  toasts: Toast[];
  /** How many dialogs are open: while one is, its own region shows the toasts, not the page's. */
  dialogsOpen: number;
  setDialogsOpen(update: (open: number) => number): void;
}

const ToastContext = createContext<ToastState>({
  show: () => undefined,
  toasts: [],
  dialogsOpen: 0,
  setDialogsOpen: () => undefined,
});
const TOAST_MS = 3000;

/**
 * Short confirmations ('Login Successfully') and errors, kept here and shown by the page's own `ToastRegion`, in the
 * page's flow: a toast never floats over a control.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [dialogsOpen, setDialogsOpen] = useState(0);
  const show = useCallback((kind: ToastKind, text: string) => {
    const id = Date.now() + Math.random();
    setToasts((current) => [...current, { id, kind, text }]);
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_MS);
  }, []);
  const value = useMemo(() => ({ show, toasts, dialogsOpen, setDialogsOpen }), [show, toasts, dialogsOpen]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

export const useToast = () => useContext(ToastContext).show;

/**
 * Where a screen shows the toasts, in its flow (under its top bar, above a form, at the top of a dialog), announced
 * to screen readers. A page's region stays empty while a dialog is open: the dialog's own region shows them.
 */
export function ToastRegion({ inDialog = false }: { inDialog?: boolean }) {
  const { toasts, dialogsOpen } = useContext(ToastContext);
  const shown = inDialog || dialogsOpen === 0 ? toasts : [];
  return (
    <div className="toasts" role="status" aria-live="polite">
      {shown.map((toast) => (
        <p key={toast.id} className={`toast toast-${toast.kind}`}>
          {toast.text}
        </p>
      ))}
    </div>
  );
}

/** Registers an open dialog, so the page's toast region leaves the toasts to the dialog's. */
export function useDialogShowsToasts(): void {
  const { setDialogsOpen } = useContext(ToastContext);
  useEffect(() => {
    setDialogsOpen((open) => open + 1);
    return () => setDialogsOpen((open) => open - 1);
  }, [setDialogsOpen]);
}
