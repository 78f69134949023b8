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
  ADMIN_MODULES,
  CREATE_MODULE,
  DELETE_MODULE,
  MODULE_CHANGED,
  UPDATE_MODULE,
  type Module,
  type ModuleInput,
} from './catalogue-operations';
import { ModuleForm } from './ModuleForm';

/** SPEC §2 Manage Modules. */
export function ModulesScreen() {
  const [page, setPage] = useState(1);
  const { data, refetch } = useQuery(ADMIN_MODULES, { variables: { page, perPage: ADMIN_PAGE_SIZE } });
  const { editing, setEditing, deleting, setDeleting } = useCrudState<Module>();
  const confirmDelete = useDeleteAction(async () => {
    setDeleting(null);
    await refetch();
  });
  const form = useSaveForm(() => setEditing(null));
  const [createModule] = useMutation(CREATE_MODULE);
  const [updateModule] = useMutation(UPDATE_MODULE);
  const [deleteModule] = useMutation(DELETE_MODULE);
  useRefetchOn(MODULE_CHANGED, refetch);
  const current = data?.adminModules;

  const submit = (input: ModuleInput) =>
    editing === 'new'
      ? void form.save(async () => {
          await createModule({ variables: { input } });
          await refetch();
        }, 'Create Module Successfully')
      : editing &&
        void form.save(async () => {
          await updateModule({ variables: { id: editing.id, input } });
          await refetch();
        }, 'Updated Module successfully');

  return (
    <section className="admin-screen" aria-labelledby="modules-heading">
      <ScreenHead
        id="modules-heading"
        title="Manage Modules"
        addLabel="Add Module"
        onAdd={() => {
          form.clear();
          setEditing('new');
        }}
      />
      <ManageTable<Module>
        columns={[
          { label: 'Name', text: (row: Module) => row.name },
          { label: 'Status', whole: true, text: (row: Module) => row.status },
        ]}
        rows={current?.data}
        firstNumber={((current?.currentPage ?? page) - 1) * ADMIN_PAGE_SIZE + 1}
        emptyText="No modules found."
        rowLabel={(row) => row.name}
        onEdit={(row) => {
          form.clear();
          setEditing(row);
        }}
        onDelete={setDeleting}
      />
      <Pager page={current?.currentPage ?? page} lastPage={current?.lastPage ?? 1} onPage={setPage} />
      {editing && (
        <Modal title={editing === 'new' ? 'Add Module' : 'Edit Module'} onClose={() => setEditing(null)}>
          <ModuleForm
            module={editing === 'new' ? null : editing}
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
            confirmDelete(
              () => deleteModule({ variables: { id: deleting.id } }),
              'Module Delete Successfully',
            )
          }
        />
      )}
    </section>
  );
}
