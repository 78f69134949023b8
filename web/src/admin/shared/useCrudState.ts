import { useState } from 'react';

/** SPEC §4 admin screens: the edit modal (a record, or 'new'), and the record pending deletion. */
export function useCrudState<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return { editing, setEditing, deleting, setDeleting };
}
