import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { ManageTable } from '../shared/ManageTable';
import { Modal } from '../shared/Modal';
import { ADMIN_PAGE_SIZE } from '../shared/page';
import { Pager } from '../shared/Pager';
import { useDeleteAction } from '../shared/useDeleteAction';
import { ScreenHead } from '../shared/ScreenHead';
import { useCrudState } from '../shared/useCrudState';
import { useRefetchOn } from '../shared/useRefetchOn';
import { useSaveForm } from '../shared/useSaveForm';
import {
  ADMIN_MODES,
  ADMIN_MODULES,
  CREATE_MODE,
  DELETE_MODE,
  MODE_CHANGED,
  MODULE_CHANGED,
  UPDATE_MODE,
  type Mode,
} from './catalogue-operations';
import { ModeForm } from './ModeForm';

/** SPEC §2 Manage Mode: a mode is a name with several modules. */
export function ModesScreen() {
  const [page, setPage] = useState(1);
  const { data, refetch } = useQuery(ADMIN_MODES, { variables: { page, perPage: ADMIN_PAGE_SIZE } });
  const modules = useQuery(ADMIN_MODULES, { variables: { page: 1, perPage: 100 } });
  const { editing, setEditing, deleting, setDeleting } = useCrudState<Mode>();
  const confirmDelete = useDeleteAction(async () => {
    setDeleting(null);
    await refetch();
  });
  const form = useSaveForm(() => setEditing(null));
  const [createMode] = useMutation(CREATE_MODE);
  const [updateMode] = useMutation(UPDATE_MODE);
  const [deleteMode] = useMutation(DELETE_MODE);
  useRefetchOn(MODE_CHANGED, refetch);
  useRefetchOn(MODULE_CHANGED, modules.refetch);
  const current = data?.adminModes;

  const submit = (input: { name: string; moduleId: number[] }) =>
    editing === 'new'
      ? void form.save(async () => {
          await createMode({ variables: { input } });
          await refetch();
        }, 'Modes Added Successfully')
      : editing &&
        void form.save(async () => {
          await updateMode({ variables: { id: editing.id, input } });
          await refetch();
        }, 'Updated Mode successfully');

  return (
    <section className="admin-screen" aria-labelledby="modes-heading">
      <ScreenHead
        id="modes-heading"
        title="Manage Mode"
        addLabel="Add Mode"
        onAdd={() => {
          form.clear();
          setEditing('new');
        }}
      />
      <ManageTable<Mode>
        columns={[
          { label: 'Name', text: (row: Mode) => row.name },
          { label: 'Modules', text: (row: Mode) => row.modules },
        ]}
        rows={current?.data}
        firstNumber={((current?.currentPage ?? page) - 1) * ADMIN_PAGE_SIZE + 1}
        emptyText="No Mode found."
        rowLabel={(row) => row.name}
        onEdit={(row) => {
          form.clear();
          setEditing(row);
        }}
        onDelete={setDeleting}
      />
      <Pager page={current?.currentPage ?? page} lastPage={current?.lastPage ?? 1} onPage={setPage} />
      {editing && (
        <Modal title={editing === 'new' ? 'Add Mode' : 'Edit Mode'} onClose={() => setEditing(null)}>
          <ModeForm
            mode={editing === 'new' ? null : editing}
            modules={modules.data?.adminModules.data ?? []}
            errors={form.errors}
            busy={form.busy}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          text="Are you sure you want to delete this module?"
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            confirmDelete(() => deleteMode({ variables: { id: deleting.id } }), 'Mode Delete Successfully')
          }
        />
      )}
    </section>
  );
}
