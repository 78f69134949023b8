import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { EmptyRow } from '../shared/EmptyRow';
import { ADMIN_PAGE_SIZE } from '../shared/page';
import { Pager } from '../shared/Pager';
import { SelectField } from '../shared/SelectField';
import { AUDITED_ENTITIES, CHANGE_ACTIONS } from '@promptloom/proto';
import { oneOf } from '../shared/one-of';
import { ADMIN_AUDIT_LOG } from './audit-operations';
import { TableScroll } from '../shared/TableScroll';

const any = (label: string, values: readonly string[]) => [
  { value: '', label },
  ...values.map((value) => ({ value, label: value })),
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
      <TableScroll label="Audit log">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Admin</th>
              <th scope="col">Entity</th>
              <th scope="col">Id</th>
              <th scope="col">Action</th>
              <th scope="col">Changed fields</th>
            </tr>
          </thead>
          <tbody>
            {log && log.data.length === 0 && <EmptyRow columns={6} text="No changes found." />}
            {log?.data.map((entry) => (
              <tr key={entry.id}>
                <td>{new Date(entry.createdAt).toLocaleString()}</td>
                <td>{entry.actorId ?? ''}</td>
                <td>{entry.entity}</td>
                <td>{entry.entityId}</td>
                <td>{entry.action}</td>
                <td>{entry.changed.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Pager page={log?.currentPage ?? page} lastPage={log?.lastPage ?? 1} onPage={setPage} />
    </section>
  );
}
