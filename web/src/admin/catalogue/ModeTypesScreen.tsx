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
  ADMIN_MODE_TYPES,
  ADMIN_MODES,
  CREATE_MODE_TYPE,
  DELETE_MODE_TYPE,
  MODE_CHANGED,
  MODE_TYPE_CHANGED,
  UPDATE_MODE_TYPE,
  type ModeType,
} from './catalogue-operations';
import { ModeTypeForm } from './ModeTypeForm';

/** SPEC §2 Manage Mode Type: a TL mode and a TR mode under a parent mode. */
export function ModeTypesScreen() {
  const [page, setPage] = useState(1);
  const { data, refetch } = useQuery(ADMIN_MODE_TYPES, { variables: { page, perPage: ADMIN_PAGE_SIZE } });
  const modes = useQuery(ADMIN_MODES, { variables: { page: 1, perPage: 100 } });
  const { editing, setEditing, deleting, setDeleting } = useCrudState<ModeType>();
  const confirmDelete = useDeleteAction(async () => {
    setDeleting(null);
    await refetch();
  });
  const form = useSaveForm(() => setEditing(null));
  const [createModeType] = useMutation(CREATE_MODE_TYPE);
  const [updateModeType] = useMutation(UPDATE_MODE_TYPE);
  const [deleteModeType] = useMutation(DELETE_MODE_TYPE);
  useRefetchOn(MODE_TYPE_CHANGED, refetch);
  useRefetchOn(MODE_CHANGED, modes.refetch);
  const current = data?.adminModeTypes;

  const submit = (input: { topLeft: string; topRight: string; modeId: number }) =>
    editing === 'new'
      ? void form.save(async () => {
          await createModeType({ variables: { input } });
          await refetch();
        }, 'Added Mode Type  Successfully')
      : editing &&
        void form.save(async () => {
          await updateModeType({ variables: { id: editing.id, input } });
          await refetch();
        }, 'Updated Mode Type Successfully');

  return (
    <section className="admin-screen" aria-labelledby="mode-types-heading">
      <ScreenHead
        id="mode-types-heading"
        title="Manage Mode Type"
        addLabel="Add Mode Type"
        onAdd={() => {
          form.clear();
          setEditing('new');
        }}
      />
      <ManageTable<ModeType>
        columns={[
          { label: 'TL Mode', text: (row: ModeType) => row.topLeft },
          { label: 'TR Mode', text: (row: ModeType) => row.topRight },
          { label: 'Mode', text: (row: ModeType) => row.mode?.name ?? '' },
        ]}
        rows={current?.data}
        firstNumber={((current?.currentPage ?? page) - 1) * ADMIN_PAGE_SIZE + 1}
        emptyText="No Mode Type found."
        rowLabel={(row) => `${row.topLeft} ${row.topRight}`}
        onEdit={(row) => {
          form.clear();
          setEditing(row);
        }}
        onDelete={setDeleting}
      />
      <Pager page={current?.currentPage ?? page} lastPage={current?.lastPage ?? 1} onPage={setPage} />
      {editing && (
        <Modal
          title={editing === 'new' ? 'Add Mode Type' : 'Edit Mode Type'}
          onClose={() => setEditing(null)}
        >
          <ModeTypeForm
            modeType={editing === 'new' ? null : editing}
            modes={modes.data?.adminModes.data ?? []}
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
              () => deleteModeType({ variables: { id: deleting.id } }),
              'Delete Mode Type  Successfully',
            )
          }
        />
      )}
    </section>
  );
}
