import { useQuery } from '@apollo/client/react';
import { AiUsageCard } from './AiUsageCard';
import { ADMIN_DASHBOARD } from './dashboard-operations';

/** The admin dashboard: real counts of users, the catalogue and users' records, and AI usage. */
export function AdminDashboardScreen() {
  const { data, error } = useQuery(ADMIN_DASHBOARD, { fetchPolicy: 'cache-and-network' });
  const figures = data?.adminDashboard;
  const cards = figures
    ? [
        { title: 'Users', value: figures.users.total, note: `${figures.users.active} active` },
        { title: 'Modules', value: figures.modules.total, note: `${figures.modules.active} active` },
        { title: 'Modes', value: figures.modes },
        { title: 'Mode Types', value: figures.modeTypes },
        ...(figures.records
          ? (['tl', 'tr', 'bl', 'br'] as const).map((family) => ({
              title: `${family.toUpperCase()} records`,
              value: figures.records![family],
            }))
          : []),
      ]
    : [];
  return (
    <section className="admin-screen" aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading">Dashboard</h1>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <ul className="admin-cards">
        {cards.map((card) => (
          <li key={card.title} className="card">
            <p className="card-title">{card.title}</p>
            <p className="card-value">{card.value}</p>
            {'note' in card && <p className="card-text">{card.note}</p>}
          </li>
        ))}
      </ul>
      <AiUsageCard />
    </section>
  );
}
