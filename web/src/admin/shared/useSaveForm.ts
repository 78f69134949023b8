import { useState } from 'react';
import { formErrorsOf } from '../../apollo/field-errors';
import { useToast } from '../../components/Toasts';

/**
 * A modal form's save: field errors (BAD_USER_INPUT) under their fields, any other failure as the
 * 'Server error' toast (SPEC §8), the success toast and `onDone` when it worked.
 */
export function useSaveForm(onDone: () => void) {
  const toast = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async (run: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await run();
      setErrors({});
      toast('success', success);
      onDone();
    } catch (error) {
      const read = formErrorsOf(error, 'Server error');
      setErrors(read.fields);
      if (read.message) toast('error', read.message);
    } finally {
      setBusy(false);
    }
  };
  return {
    errors,
    busy,
    save,
    clear: () => setErrors({}),
    fail: (fields: Record<string, string>) => setErrors(fields),
  };
}
