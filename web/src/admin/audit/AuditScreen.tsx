import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { DataTable, type Column } from '../shared/DataTable';
import { ADMIN_PAGE_SIZE } from '../shared/page';
import { Pager } from '../shared/Pager';
import { SelectField } from '../shared/SelectField';
import { AUDITED_ENTITIES, CHANGE_ACTIONS } from '@promptloom/proto';
import { formatWhen } from '../shared/format-when';
import { oneOf } from '../shared/one-of';
import { ADMIN_AUDIT_LOG, type AuditEntry } from './audit-operations';

const any = (label: string, values: readonly string[]) => [
  { value: '', label },
  ...values.map((value) => ({ value, label: value })),
];

const COLUMNS: Array<Column<AuditEntry>> = [
  { label: 'When', whole: true, text: (entry) => formatWhen(entry.createdAt) },
  { label: 'Admin', numeric: true, text: (entry) => entry.actorId ?? '' },
  { label: 'Entity', text: (entry) => entry.entity },
  { label: 'Id', numeric: true, text: (entry) => entry.entityId },
  { label: 'Action', text: (entry) => entry.action },
  { label: 'Changed fields', text: (entry) => entry.changed.join(', ') },
];

/** The audit log: every admin change, newest first, filtered by entity and action. */
export function AuditScreen() {
  const [page, setPage] = useState(1);
  const [entity, setEntity] = useState<(typeof AUDITED_ENTITIES)[number]>();
  const [action, setAction] = useState<(typeof CHANGE_ACTIONS)[number]>();
  const { data } = useQuery(ADMIN_AUDIT_LOG, {
    variables: { page, perPage: ADMIN_PAGE_SIZE, entity, action },
    fetchPolicy: 'cache-and-network',
  });
  const log = data?.adminAuditLog;
  return (
    <section className="admin-screen" aria-labelledby="audit-heading">
      <h1 id="audit-heading">Audit log</h1>
      <div className="admin-filters">
        <SelectField
          label="Entity"
          value={entity ?? ''}
          options={any('All entities', AUDITED_ENTITIES)}
          onChange={(event) => {
            setEntity(oneOf(AUDITED_ENTITIES, event.target.value));
            setPage(1);
          }}
        />
        <SelectField
          label="Action"
          value={action ?? ''}
          options={any('All actions', CHANGE_ACTIONS)}
          onChange={(event) => {
            setAction(oneOf(CHANGE_ACTIONS, event.target.value));
            setPage(1);
          }}
        />
      </div>
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        rows={log?.data}
        rowKey={(entry) => entry.id}
        emptyText="No changes found."
      />
      <Pager page={log?.currentPage ?? page} lastPage={log?.lastPage ?? 1} onPage={setPage} />
    </section>
  );
}
