import { useState } from 'react';
import { AI_CALL_OUTCOME_LABELS, AI_PURPOSE_LABELS, counted } from '@promptloom/proto';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { formErrorsOf } from '../../apollo/field-errors';
import { downloadCsv } from '../shared/download-csv';
import { DataTable, type Column } from '../shared/DataTable';
import { formatWhen } from '../shared/format-when';
import { ADMIN_PAGE_SIZE } from '../shared/page';
import { Pager } from '../shared/Pager';
import { useRefetchOn } from '../shared/useRefetchOn';
import { AiCallDialog } from './AiCallDialog';
import { AiCallFilterForm } from './AiCallFilterForm';
import { filterOf, formatCost, formatTokens } from './ai-call-filters';
import { ADMIN_AI_CALLS, ADMIN_AI_CALLS_CSV, AI_CALL_RECORDED, type AiCallRow } from './ai-call-operations';

const COLUMNS: Array<Column<AiCallRow>> = [
  { label: 'When', whole: true, text: (call) => formatWhen(call.createdAt) },
  { label: 'User', text: (call) => call.userName ?? call.userId ?? '—' },
  { label: 'Purpose', text: (call) => AI_PURPOSE_LABELS[call.purpose] },
  { label: 'Model', text: (call) => call.model },
  {
    label: 'Outcome',
    whole: true,
    text: (call) => AI_CALL_OUTCOME_LABELS[call.outcome],
    title: (call) => call.failure ?? undefined,
  },
  {
    label: 'Tokens in / out',
    numeric: true,
    text: (call) => formatTokens(call.promptTokens, call.completionTokens),
  },
  { label: 'Cost', numeric: true, text: (call) => formatCost(call.costUsd) },
  { label: 'Latency', numeric: true, text: (call) => `${call.latencyMs} ms` },
];

/** AI Calls: every provider call, newest first, searched and filtered on the server, live, exported as CSV. */
export function AiCallsScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = filterOf(params);
  const client = useApolloClient();
  const [opened, setOpened] = useState<number | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const { data, error, refetch } = useQuery(ADMIN_AI_CALLS, {
    variables: { page, perPage: ADMIN_PAGE_SIZE, filter },
    fetchPolicy: 'cache-and-network',
  });
  useRefetchOn(AI_CALL_RECORDED, refetch);
  const calls = data?.adminAiCalls;
  const problems = error ? formErrorsOf(error, 'The calls could not be loaded.') : null;

  const setPage = (next: number) => {
    const copy = new URLSearchParams(params);
    copy.set('page', String(next));
    setParams(copy);
  };

  async function exportCsv() {
    setExportError(null);
    try {
      const result = await client.query({
        query: ADMIN_AI_CALLS_CSV,
        variables: { filter },
        fetchPolicy: 'network-only',
      });
      if (!result.data) throw new Error('no data');
      downloadCsv(`ai-calls-${new Date().toISOString().slice(0, 10)}.csv`, result.data.adminAiCallsCsv.csv);
    } catch {
      setExportError('The export failed. Please try again.');
    }
  }

  return (
    <section className="admin-screen" aria-labelledby="ai-calls-heading">
      <h1 id="ai-calls-heading">AI Calls</h1>
      <AiCallFilterForm params={params} errors={problems?.fields ?? {}} onApply={setParams}>
        <p className="card-text admin-filter-count" aria-live="polite">
          {calls ? counted(calls.total, 'call') : ''}
        </p>
        <button type="button" className="button-secondary" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </AiCallFilterForm>
      {(problems?.message || exportError) && (
        <p className="form-error" role="alert">
          {problems?.message ?? exportError}
        </p>
      )}
      <DataTable
        label="AI calls"
        className="admin-table-calls"
        columns={COLUMNS}
        rows={calls?.data}
        rowKey={(call) => call.id}
        emptyText="No AI calls found."
        actionsLabel="Details"
        actions={(call) => (
          <button
            type="button"
            className="button-link"
            aria-label={`Details of AI call ${call.id}`}
            onClick={() => setOpened(call.id)}
          >
            View
          </button>
        )}
      />
      <Pager page={calls?.currentPage ?? page} lastPage={calls?.lastPage ?? 1} onPage={setPage} />
      {opened !== null && <AiCallDialog id={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
