import { useRef, useState } from 'react';
import { callsOfJob } from '../ai-calls/ai-call-filters';
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
import { filterRows } from './filter-page';
import {
  ADMIN_RECORDS,
  DELETE_RECORD,
  RECORD_CHANGED,
  USER_LIST_CHANGED,
  UPDATE_RECORD,
  type AdminRecord,
  type AiFamily,
  type RecordInput,
} from './record-operations';
import { RECORD_TEXTS, statusLabel } from './record-texts';
import { RecordEditForm } from './RecordEditForm';
import { RecordSearch } from './RecordSearch';
import { RegenerateDialog } from './RegenerateDialog';
import { useRecordListState } from './useRecordListState';
import { useTableKeys } from './useTableKeys';
import { serialColumn } from '../shared/serial-column';

const COLUMNS: Array<Column<AdminRecord>> = [
  { label: 'User Name', sort: 'user_name', text: (r) => r.userName ?? '' },
  { label: 'Levels', sort: 'levels', numeric: true, text: (r) => r.levels },
  { label: 'AI Model', sort: 'ai_model', text: (r) => r.aiModel ?? '' },
  { label: 'Frequency', sort: 'frequency', numeric: true, text: (r) => r.frequency ?? '' },
  { label: 'AI Response', sort: 'ai_response', text: (r) => r.aiResponse },
  { label: 'AI Reason', sort: 'ai_reason', text: (r) => r.aiReason || 'No Any Reason' },
  { label: 'Status', sort: 'status', whole: true, text: (r) => statusLabel(r.status) },
];

/** SPEC §2 TL, TR and BL record lists: paged, searched, sorted; Edit per row, Regenerate and Delete in its menu. */
export function RecordsScreen({ family }: { family: AiFamily }) {
  const texts = RECORD_TEXTS[family];
  const list = useRecordListState();
  const searchRef = useRef<HTMLInputElement>(null);
  const client = useApolloClient();
  const { data, error, refetch } = useQuery(ADMIN_RECORDS, {
    variables: { family, perPage: ADMIN_PAGE_SIZE, ...list.variables },
  });
  const { editing, setEditing, deleting, setDeleting } = useCrudState<AdminRecord>();
  const [regenerating, setRegenerating] = useState<AdminRecord | null>(null);
  const confirmDelete = useDeleteAction(async () => {
    setDeleting(null);
    await refetch();
  });
  const form = useSaveForm(() => setEditing(null));
  const [updateRecord] = useMutation(UPDATE_RECORD);
  const [deleteRecord] = useMutation(DELETE_RECORD);
  useRefetchOn(RECORD_CHANGED, refetch, { family });
  useRefetchOn(USER_LIST_CHANGED, refetch, { family });

  const pageData = data?.adminRecords;
  const page = pageData?.currentPage ?? list.page;
  const rows = filterRows(pageData?.data ?? [], list.filter, (r) => [
    r.userName,
    r.aiModel,
    r.aiResponse,
    statusLabel(r.status),
    r.status,
    r.frequency,
    r.levels,
  ]);
  const openEdit = (record: AdminRecord) => {
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
  const update = (input: RecordInput) => {
    if (editing === 'new' || !editing) return;
    void form.save(async () => {
      await updateRecord({ variables: { family, id: editing.id, input } });
      await refetch();
    }, texts.updated);
  };

  return (
    <section className="admin-screen" aria-labelledby="records-heading">
      <div className="admin-screen-head">
        <h1 id="records-heading">{texts.heading}</h1>
        <RecordSearch
          ref={searchRef}
          value={list.filter}
          onChange={list.setFilter}
          onSearchAll={list.searchAll}
        />
        <ExportCsvButton
          filename={`${family}-records.csv`}
          header={[
            'Sr No',
            'User Name',
            'Levels',
            'AI Model',
            'Frequency',
            'AI Response',
            'AI Reason',
            'Status',
          ]}
          fetchPage={async (exportPage) => {
            const { data: exported } = await client.query({
              query: ADMIN_RECORDS,
              variables: { family, ...list.variables, page: exportPage, perPage: 100 },
              fetchPolicy: 'network-only',
            });
            const result = exported!.adminRecords;
            return {
              lastPage: result.lastPage,
              rows: result.data.map((r, index) => [
                (exportPage - 1) * 100 + index + 1,
                r.userName ?? '',
                r.levels,
                r.aiModel ?? '',
                r.frequency ?? '',
                r.aiResponse,
                r.aiReason || 'No Any Reason',
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
        label="Records"
        className="admin-table-records"
        columns={[serialColumn<AdminRecord>((page - 1) * ADMIN_PAGE_SIZE), ...COLUMNS]}
        rows={pageData && rows}
        rowKey={(record) => record.id}
        emptyText="No records found."
        sort={{ state: list.sort, onSort: list.setSort }}
        selected={selected}
        actions={(record) => (
          <RowActions
            label={record.aiResponse}
            onEdit={() => openEdit(record)}
            onDelete={() => setDeleting(record)}
            more={[
              { label: 'Regenerate', onSelect: () => setRegenerating(record) },
              ...(record.jobId ? [{ label: 'How was this made', to: callsOfJob(record.jobId) }] : []),
            ]}
          />
        )}
      />
      <Pager page={page} lastPage={pageData?.lastPage ?? 1} onPage={list.setPage} />
      {regenerating && (
        <RegenerateDialog family={family} record={regenerating} onClose={() => setRegenerating(null)} />
      )}
      {editing && editing !== 'new' && (
        <Modal title={texts.editTitle} onClose={() => setEditing(null)}>
          <RecordEditForm
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
            confirmDelete(() => deleteRecord({ variables: { family, id: deleting.id } }), texts.deleted)
          }
        />
      )}
    </section>
  );
}
