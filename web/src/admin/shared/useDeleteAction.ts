import { useToast } from '../../components/Toasts';
import { runDelete } from './run-delete';

/**
 * The delete confirmation's action: deletes, and on success shows the spec's toast and runs `afterDelete` (close the
 * dialog, reload the table); on failure answers the server's reason, which the dialog shows while staying open.
 */
export function useDeleteAction(afterDelete: () => Promise<unknown>) {
  const toast = useToast();
  return async (remove: () => Promise<unknown>, success: string): Promise<string | null> => {
    const failure = await runDelete(remove);
    if (failure) return failure;
    toast('success', success);
    await afterDelete();
    return null;
  };
}
