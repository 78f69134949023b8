import { useState } from 'react';
import {
  AI_QUOTA_LIMIT_MESSAGE,
  AI_TOKEN_QUOTA_MESSAGE,
  parseDailyAiCalls,
  parseDailyAiTokens,
} from '@promptloom/proto';
import { useMutation, useQuery } from '@apollo/client/react';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { DataTable, type Column } from '../shared/DataTable';
import { Modal } from '../shared/Modal';
import { ADMIN_PAGE_SIZE } from '../shared/page';
import { Pager } from '../shared/Pager';
import { RowActions } from '../shared/RowActions';
import { useDeleteAction } from '../shared/useDeleteAction';
import { useCrudState } from '../shared/useCrudState';
import { useRefetchOn } from '../shared/useRefetchOn';
import { useSaveForm } from '../shared/useSaveForm';
import { UserForm } from './UserForm';
import {
  ADMIN_USERS,
  CREATE_USER,
  DELETE_USER,
  SET_USER_AI_QUOTA,
  UPDATE_USER,
  USER_AI_QUOTA,
  USERS_CHANGED,
  type AdminUser,
  type AdminUserInput,
} from './user-operations';
import { serialColumn } from '../shared/serial-column';

const COLUMNS: Array<Column<AdminUser>> = [
  { label: 'Name', text: (user) => user.name },
  { label: 'Email', wide: true, text: (user) => user.email },
  { label: 'Mobile', text: (user) => user.mobile },
  { label: 'Role', whole: true, text: (user) => user.roleType },
  { label: 'Status', whole: true, text: (user) => user.status },
];

/** SPEC §2 Manage User: the users table, the create/edit modal and the delete confirmation. */
export function UsersScreen() {
  const [page, setPage] = useState(1);
  const { data, error, refetch } = useQuery(ADMIN_USERS, { variables: { page, perPage: ADMIN_PAGE_SIZE } });
  const { editing, setEditing, deleting, setDeleting } = useCrudState<AdminUser>();
  const confirmDelete = useDeleteAction(async () => {
    setDeleting(null);
    await refetch();
  });
  const form = useSaveForm(() => setEditing(null));
  const [createUser] = useMutation(CREATE_USER);
  const [updateUser] = useMutation(UPDATE_USER);
  const [deleteUser] = useMutation(DELETE_USER);
  const [setUserAiQuota] = useMutation(SET_USER_AI_QUOTA);
  const editedId = editing && editing !== 'new' ? editing.id : null;
  const aiQuota = useQuery(USER_AI_QUOTA, {
    variables: { userId: editedId ?? 0 },
    skip: editedId === null,
    fetchPolicy: 'network-only',
  });
  useRefetchOn(USERS_CHANGED.created, refetch);
  useRefetchOn(USERS_CHANGED.updated, refetch);
  useRefetchOn(USERS_CHANGED.deleted, refetch);

  const users = data?.adminUsers.data ?? [];
  const submit = (input: AdminUserInput, dailyAiCalls: string, dailyAiTokens: string) => {
    const dailyLimit = parseDailyAiCalls(dailyAiCalls);
    const dailyTokenLimit = parseDailyAiTokens(dailyAiTokens);
    if (dailyLimit === undefined || dailyTokenLimit === undefined) {
      form.fail({
        ...(dailyLimit === undefined && { dailyLimit: AI_QUOTA_LIMIT_MESSAGE }),
        ...(dailyTokenLimit === undefined && { dailyTokenLimit: AI_TOKEN_QUOTA_MESSAGE }),
      });
      return;
    }
    const saveQuota = async (userId: number, before: { calls: number | null; tokens: number | null }) => {
      if (dailyLimit !== before.calls || dailyTokenLimit !== before.tokens) {
        await setUserAiQuota({ variables: { userId, dailyLimit, dailyTokenLimit } });
      }
    };
    if (editing === 'new') {
      void form.save(async () => {
        const created = await createUser({ variables: { input } });
        if (created.data) await saveQuota(created.data.createUser.id, { calls: null, tokens: null });
        await refetch();
      }, 'User Create Successfully');
    } else if (editing) {
      const { password, passwordConfirmation, ...rest } = input;
      const change = password ? { ...rest, password, passwordConfirmation } : rest;
      void form.save(async () => {
        await updateUser({ variables: { id: editing.id, input: change } });
        const quota = aiQuota.data?.userAiQuota;
        await saveQuota(editing.id, { calls: quota?.override ?? null, tokens: quota?.tokenOverride ?? null });
        await refetch();
      }, 'User Updated successfully');
    }
  };

  return (
    <section className="admin-screen" aria-labelledby="users-heading">
      <div className="admin-screen-head">
        <h1 id="users-heading">Manage User</h1>
        <button
          type="button"
          className="button-primary"
          onClick={() => {
            form.clear();
            setEditing('new');
          }}
        >
          Add User
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          Failed to fetch user list
        </p>
      )}
      <DataTable
        label="Users"
        columns={[serialColumn<AdminUser>((page - 1) * ADMIN_PAGE_SIZE), ...COLUMNS]}
        rows={data && users}
        rowKey={(user) => user.id}
        emptyText="No User found."
        actions={(user) => (
          <RowActions
            label={user.email}
            onEdit={() => {
              form.clear();
              setEditing(user);
            }}
            onDelete={() => setDeleting(user)}
          />
        )}
      />
      <Pager page={page} lastPage={data?.adminUsers.lastPage ?? 1} onPage={setPage} />
      {editing && (
        <Modal title={editing === 'new' ? 'Add User' : 'Edit User'} onClose={() => setEditing(null)}>
          {aiQuota.loading ? (
            <p role="status">Loading…</p>
          ) : (
            <UserForm
              user={editing === 'new' ? null : editing}
              aiQuota={aiQuota.data?.userAiQuota}
              errors={form.errors}
              busy={form.busy}
              onSubmit={submit}
              onCancel={() => setEditing(null)}
            />
          )}
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          text="Are you sure you want to delete this User?"
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            confirmDelete(() => deleteUser({ variables: { id: deleting.id } }), 'User Delete Successfully')
          }
        />
      )}
    </section>
  );
}
