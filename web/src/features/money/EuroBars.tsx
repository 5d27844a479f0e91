/**
 * A bar chart of euro amounts (Recharts, loaded with the Report screen). Recharts rather than
 * Mantine Charts: Mantine Charts draws with @mantine/core components the shell shares as a
 * singleton, which would add them to the login screen's JavaScript. The chart clips what it
 * draws: its hidden tooltip, placed past the right edge, widened a phone's page.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

interface Props {
  data: { label: string; amount: number }[];
  name: string;
  format: (value: number) => string;
  testId?: string;
}

export default function EuroBars({ data, name, format, testId }: Props) {
  return (
    <div style={{ width: '100%', height: 240, overflow: 'hidden' }} data-testid={testId}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={(v: number) => format(v)} width={90} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => [format(Number(v)), name]} />
          <Bar dataKey="amount" name={name} fill="var(--mantine-color-blue-6)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
