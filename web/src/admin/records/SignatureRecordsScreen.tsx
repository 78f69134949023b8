import { useRef } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { DataTable, type Column } from '../shared/DataTable';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { Modal } from '../shared/Modal';
import { ADMIN_PAGE_SIZE } from '../shared/page';
import { Pager } from '../shared/Pager';
import { RowActions } from '../shared/RowActions';
import { useDeleteAction } from '../shared/useDeleteAction';
import { useCrudState } from '../shared/useCrudState';
import { useRefetchOn } from '../shared/useRefetchOn';
import { useSaveForm } from '../shared/useSaveForm';
import {
  ADMIN_SIGNATURE_RECORDS,
  DELETE_RECORD,
  RECORD_CHANGED,
  USER_LIST_CHANGED,
  UPDATE_SIGNATURE_RECORD,
  type SignatureRecord,
  type SignatureRecordInput,
} from './record-operations';
import { RECORD_TEXTS, statusLabel } from './record-texts';
import { SignatureEditForm } from './SignatureEditForm';
import { useRecordListState } from './useRecordListState';
import { useTableKeys } from './useTableKeys';
import { serialColumn } from '../shared/serial-column';

const COLUMNS: Array<Column<SignatureRecord>> = [
  { label: 'User name', sort: 'username', text: (r) => r.username },
  { label: 'Sign Elements', sort: 'signatureElements', text: (r) => r.signatureElements.join(', ') },
  { label: 'Signature', sort: 'signature', text: (r) => r.signature.join(', ') },
  { label: 'Status', sort: 'status', whole: true, text: (r) => statusLabel(r.status) },
];

const texts = RECORD_TEXTS.br;

/** SPEC §2 BR record list (users' saved signatures): paged, sorted; Edit and Delete per row; no search box. */
export function SignatureRecordsScreen() {
  const list = useRecordListState();
  const searchRef = useRef<HTMLInputElement>(null);
  const client = useApolloClient();
  const { data, error, refetch } = useQuery(ADMIN_SIGNATURE_RECORDS, {
    variables: { perPage: ADMIN_PAGE_SIZE, ...list.variables },
  });
  const { editing, setEditing, deleting, setDeleting } = useCrudState<SignatureRecord>();
  const confirmDelete = useDeleteAction(async () => {
    setDeleting(null);
    await refetch();
  });
  const form = useSaveForm(() => setEditing(null));
  const [updateRecord] = useMutation(UPDATE_SIGNATURE_RECORD);
  const [deleteRecord] = useMutation(DELETE_RECORD);
  useRefetchOn(RECORD_CHANGED, refetch, { family: 'br' });
  useRefetchOn(USER_LIST_CHANGED, refetch, { family: 'br' });

  const pageData = data?.adminSignatureRecords;
  const page = pageData?.currentPage ?? list.page;
  const rows = pageData?.data ?? [];
  const openEdit = (record: SignatureRecord) => {
    form.clear();
    setEditing(record);
  };
  const selected = useTableKeys({
    rowCount: rows.length,
    searchRef,
    enabled: !editing && !deleting,
    onEdit: (index) => openEdit(rows[index]!),
    onDelete: (index) => setDeleting(rows[index]!),
  });
  const update = (input: SignatureRecordInput) => {
    if (editing === 'new' || !editing) return;
    void form.save(async () => {
      await updateRecord({ variables: { id: editing.id, input } });
      await refetch();
    }, texts.updated);
  };

  return (
    <section className="admin-screen" aria-labelledby="records-heading">
      <div className="admin-screen-head">
        <h1 id="records-heading">{texts.heading}</h1>
        <ExportCsvButton
          filename="br-records.csv"
          header={['Sr No', 'User name', 'Sign Elements', 'Signature', 'Status']}
          fetchPage={async (exportPage) => {
            const { data: exported } = await client.query({
              query: ADMIN_SIGNATURE_RECORDS,
              variables: { ...list.variables, page: exportPage, perPage: 100 },
              fetchPolicy: 'network-only',
            });
            const result = exported!.adminSignatureRecords;
            return {
              lastPage: result.lastPage,
              rows: result.data.map((r, index) => [
                (exportPage - 1) * 100 + index + 1,
                r.username,
                r.signatureElements.join(', '),
                r.signature.join(', '),
                statusLabel(r.status),
              ]),
            };
          }}
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          Failed to fetch user list
        </p>
      )}
      <DataTable
        label="Signature records"
        className="admin-table-signatures"
        columns={[serialColumn<SignatureRecord>((page - 1) * ADMIN_PAGE_SIZE), ...COLUMNS]}
        rows={pageData && rows}
        rowKey={(record) => record.id}
        emptyText="No records found."
        sort={{ state: list.sort, onSort: list.setSort }}
        selected={selected}
        actions={(record) => (
          <RowActions
            label={`${record.username} ${record.id}`}
            onEdit={() => openEdit(record)}
            onDelete={() => setDeleting(record)}
            // A signature is not one job's: its calls are its owner's signature swaps.
            more={[
              {
                label: 'How was this made',
                to: `/admin/ai-calls?user_id=${record.userId}&purpose=signature_swap`,
              },
            ]}
          />
        )}
      />
      <Pager page={page} lastPage={pageData?.lastPage ?? 1} onPage={list.setPage} />
      {editing && editing !== 'new' && (
        <Modal title={texts.editTitle} onClose={() => setEditing(null)}>
          <SignatureEditForm
            record={editing}
            errors={form.errors}
            busy={form.busy}
            onSubmit={update}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          text={texts.confirm}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            confirmDelete(() => deleteRecord({ variables: { family: 'br', id: deleting.id } }), texts.deleted)
          }
        />
      )}
    </section>
  );
}
