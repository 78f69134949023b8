import { lazy, Suspense } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useRefetchOn } from '../shared/useRefetchOn';
import { ADMIN_AI_USAGE, AI_CALL_RECORDED } from '../ai-calls/ai-call-operations';
import { usageLine } from './usage-line';

// The chart library is loaded only here, on the admin dashboard: never in a user's first load.
const AiUsageChart = lazy(() => import('./AiUsageChart'));

/** The dashboard's AI usage: today's calls, tokens and cost, and a chart of the last 30 days, live. */
export function AiUsageCard() {
  const { data, error, refetch } = useQuery(ADMIN_AI_USAGE, {
    variables: { days: 30 },
    fetchPolicy: 'cache-and-network',
  });
  useRefetchOn(AI_CALL_RECORDED, refetch);
  const usage = data?.adminAiUsage;
  return (
    <section className="card ai-usage" aria-labelledby="ai-usage-heading">
      <h2 id="ai-usage-heading" className="card-title">
        AI usage
      </h2>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      {usage && (
        <>
          <p className="card-text" data-testid="ai-usage-today">
            Today: {usageLine(usage.today)}
          </p>
          <p className="card-text">
            30 days: {usageLine(usage.total)} · <Link to="/admin/ai-calls">AI Calls</Link>
          </p>
          <Suspense fallback={<p className="card-text">Loading chart…</p>}>
            <AiUsageChart days={usage.days} />
          </Suspense>
        </>
      )}
    </section>
  );
}
