import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { type AiUsageDay } from '../ai-calls/ai-call-operations';

// Only the parts a bar chart needs: chart.js tree-shakes the rest away.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** AI calls per UTC day (stacked bars: answered, failed, cancelled), with tokens and cost in the tooltip; loaded lazily with the dashboard's card. */
export default function AiUsageChart({ days }: { days: readonly AiUsageDay[] }) {
  return (
    <div className="ai-usage-chart">
      <Bar
        aria-label={`AI calls per day over ${days.length} days`}
        role="img"
        data={{
          labels: days.map((day) => day.day.slice(5)),
          datasets: [
            {
              label: 'Answered',
              data: days.map((day) => day.calls - day.failed - day.cancelled),
              backgroundColor: '#4f6bed',
            },
            { label: 'Failed', data: days.map((day) => day.failed), backgroundColor: '#d64545' },
            { label: 'Cancelled', data: days.map((day) => day.cancelled), backgroundColor: '#8a8f98' },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
          plugins: {
            tooltip: {
              callbacks: {
                afterBody: (items) => {
                  const day = days[items[0]?.dataIndex ?? 0];
                  return day
                    ? [
                        `Tokens: ${day.promptTokens} in / ${day.completionTokens} out`,
                        `Cost: $${day.costUsd.toFixed(4)}`,
                      ]
                    : [];
                },
              },
            },
          },
        }}
      />
    </div>
  );
}
