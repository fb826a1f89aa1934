'use client';

import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { Granularity } from '@/lib/analytics';
import type { TrendRow } from '@/lib/schemas/analytics';
import { formatMinutes, formatPeriod } from './format';
import { TableScroll } from '@/components/ui/table-scroll';

/** The theme's colours: the brand scale follows the chosen colour scheme; neutrals follow the text colour. */
export const CHART_COLORS = {
  strong: 'var(--chart-strong)',
  primary: 'var(--chart-primary)',
  soft: 'var(--chart-soft)',
  neutral: 'var(--chart-neutral)',
  muted: 'currentColor',
} as const;

/** Shades picked per theme so bars keep their contrast on a white and on a dark card. */
const CHART_VARS =
  '[--chart-strong:var(--color-brand-700)] [--chart-primary:var(--color-brand-500)] [--chart-soft:var(--color-brand-400)] [--chart-neutral:var(--color-stone-400)] ' +
  'dark:[--chart-strong:var(--color-brand-600)] dark:[--chart-primary:var(--color-brand-400)] dark:[--chart-soft:var(--color-brand-200)] dark:[--chart-neutral:var(--color-stone-500)]';

const axisTick = { fill: 'currentColor', fontSize: 12 };

export interface DataTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart with its title, a one-sentence summary read by screen readers in place of the drawing,
 * and the same figures as a table anyone can open.
 */
export function ChartFigure({ id, title, description, summary, table, children, height = 260 }: { id: string; title: string; description?: string; summary: string; table: DataTable; children: ReactNode; height?: number }) {
  return (
    <figure className={`${CHART_VARS} rounded-xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900`} aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <figcaption>
        <h3 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h3>
        {description && <p className="mt-0.5 text-sm text-stone-500 dark:text-stone-400">{description}</p>}
      </figcaption>
      <div role="img" aria-label={summary} className="mt-4 text-stone-500 dark:text-stone-400" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100">Show data table</summary>
        <TableScroll className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-stone-200 dark:border-stone-700">
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="py-1.5 pr-4 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i} className="border-b border-stone-100 last:border-0 dark:border-stone-800">
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className="py-1.5 pr-4 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={j} className="py-1.5 pr-4 tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}

type ValueFormatter = (value: number, name: string) => string;

function ChartTooltip({ active, payload, label, formatLabel, formatValue }: Partial<TooltipContentProps<number, string>> & { formatLabel?: (label: string) => string; formatValue?: ValueFormatter }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border border-stone-200 bg-white px-3 py-2 text-xs text-stone-800 shadow-md dark:border-stone-700 dark:bg-stone-800 dark:text-stone-100">
      {label !== undefined && <p className="mb-1 font-medium">{formatLabel ? formatLabel(String(label)) : String(label)}</p>}
      {payload.map((p) => (
        <p key={String(p.dataKey ?? p.name)} className="flex items-center gap-2">
          <span className="inline-block h-2 w-2 rounded-full" style={{ background: p.color ?? p.payload?.fill }} aria-hidden />
          <span>{p.name}:</span>
          <span className="font-medium tabular-nums">{formatValue ? formatValue(Number(p.value), String(p.name)) : String(p.value)}</span>
        </p>
      ))}
    </div>
  );
}

const legendStyle = { fontSize: 12 };
/** Legend labels in the text colour (series colours are too light to read as text), in the order drawn. */
const legendProps = {
  wrapperStyle: legendStyle,
  itemSorter: null,
  formatter: (value: string) => <span className="text-stone-700 dark:text-stone-300">{value}</span>,
} as const;

/** Round ticks for a minutes axis: every 15 or 30 minutes, or every N hours. */
function minuteTicks(max: number): number[] {
  const steps = [15, 30, 60, 120, 180, 240, 360, 480, 720, 1440];
  const step = steps.find((s) => max / s <= 5) ?? Math.ceil(max / 5 / 1440) * 1440;
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

const minuteTick = (m: number) => (m === 0 ? '0' : m % 60 === 0 ? `${m / 60} h` : m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60}`);

/** Check-ins sent and answered per day, week or month. */
export function CheckInTrendChart({ id, title, description, rows, granularity }: { id: string; title: string; description?: string; rows: TrendRow[]; granularity: Granularity }) {
  const sent = rows.reduce((a, r) => a + r.checkIns, 0);
  const answered = rows.reduce((a, r) => a + r.responses, 0);
  const busiest = rows.reduce<TrendRow | null>((best, r) => (r.checkIns > (best?.checkIns ?? 0) ? r : best), null);
  const unit = granularity === 'month' ? 'month' : granularity === 'week' ? 'week' : 'day';
  const summary =
    `Bar chart of check-ins sent and answered per ${unit}: ${sent} sent and ${answered} answered over ${rows.length} ${unit}s` +
    (busiest ? `; the busiest ${unit} was ${formatPeriod(busiest.period, granularity, true)} with ${busiest.checkIns} sent.` : '.');
  return (
    <ChartFigure
      id={id}
      title={title}
      description={description}
      summary={summary}
      table={{ columns: [unit[0]!.toUpperCase() + unit.slice(1), 'Check-ins sent', 'Responses', 'Average response time'], rows: rows.map((r) => [formatPeriod(r.period, granularity, true), r.checkIns, r.responses, formatMinutes(r.avgTime)]) }}
    >
      <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="period" tickFormatter={(p: string) => formatPeriod(p, granularity)} tick={axisTick} stroke="currentColor" strokeOpacity={0.4} minTickGap={12} />
        <YAxis allowDecimals={false} tick={axisTick} stroke="currentColor" strokeOpacity={0.4} />
        <Tooltip cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} content={<ChartTooltip formatLabel={(p) => formatPeriod(p, granularity, true)} />} />
        <Legend {...legendProps} />
        <Bar dataKey="checkIns" name="Check-ins sent" fill={CHART_COLORS.soft} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Bar dataKey="responses" name="Responses" fill={CHART_COLORS.strong} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

/** Mean reply delay per period, as a line. */
export function ResponseTimeTrendChart({ id, rows, granularity }: { id: string; rows: TrendRow[]; granularity: Granularity }) {
  const answered = rows.filter((r) => r.avgTime !== null);
  const fastest = answered.reduce<TrendRow | null>((best, r) => ((r.avgTime ?? Infinity) < (best?.avgTime ?? Infinity) ? r : best), null);
  const slowest = answered.reduce<TrendRow | null>((best, r) => ((r.avgTime ?? -1) > (best?.avgTime ?? -1) ? r : best), null);
  const ticks = minuteTicks(Math.max(1, ...answered.map((r) => r.avgTime ?? 0)));
  const summary =
    answered.length === 0
      ? 'Line chart of average response time: no check-in was answered in this period.'
      : `Line chart of average response time per ${granularity}: fastest ${formatMinutes(fastest?.avgTime)} (${formatPeriod(fastest!.period, granularity, true)}), slowest ${formatMinutes(slowest?.avgTime)} (${formatPeriod(slowest!.period, granularity, true)}).`;
  return (
    <ChartFigure
      id={id}
      title="Average response time"
      description="Mean time from sending a check-in to the client's reply"
      summary={summary}
      table={{ columns: ['Period', 'Average response time', 'Responses'], rows: rows.map((r) => [formatPeriod(r.period, granularity, true), formatMinutes(r.avgTime), r.responses]) }}
    >
      <LineChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="period" tickFormatter={(p: string) => formatPeriod(p, granularity)} tick={axisTick} stroke="currentColor" strokeOpacity={0.4} minTickGap={12} />
        <YAxis tick={axisTick} stroke="currentColor" strokeOpacity={0.4} ticks={ticks} domain={[0, ticks[ticks.length - 1] ?? 60]} tickFormatter={minuteTick} width={56} />
        <Tooltip content={<ChartTooltip formatLabel={(p) => formatPeriod(p, granularity, true)} formatValue={(v) => formatMinutes(v)} />} />
        <Line type="monotone" dataKey="avgTime" name="Average response time" stroke={CHART_COLORS.primary} strokeWidth={2} dot={{ r: 2.5, fill: CHART_COLORS.primary }} connectNulls isAnimationActive={false} />
      </LineChart>
    </ChartFigure>
  );
}

export interface CategoryDatum {
  label: string;
  /** A shorter label for the axis, when the full one would crowd a narrow chart. */
  axisLabel?: string;
  value: number;
  color: string;
}

/** Counts per category as vertical bars, each in its own colour. */
export function CategoryBarChart({ id, title, description, data, valueLabel, summaryNoun }: { id: string; title: string; description?: string; data: CategoryDatum[]; valueLabel: string; summaryNoun: string }) {
  const total = data.reduce((a, d) => a + d.value, 0);
  const summary = `Bar chart of ${summaryNoun}: ${data.map((d) => `${d.label} ${d.value}`).join(', ')} (${total} in all).`;
  return (
    <ChartFigure id={id} title={title} description={description} summary={summary} table={{ columns: ['Category', valueLabel], rows: data.map((d) => [d.label, d.value]) }}>
      <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="label" tick={axisTick} stroke="currentColor" strokeOpacity={0.4} interval={0} tickFormatter={(label: string) => data.find((d) => d.label === label)?.axisLabel ?? label} />
        <YAxis allowDecimals={false} tick={axisTick} stroke="currentColor" strokeOpacity={0.4} />
        <Tooltip cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} content={<ChartTooltip />} />
        <Bar dataKey="value" name={valueLabel} radius={[3, 3, 0, 0]} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.label} fill={d.color} />
          ))}
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}

/** Parts of a whole as a ring, with a legend. */
export function DonutChart({ id, title, description, data, summaryNoun }: { id: string; title: string; description?: string; data: CategoryDatum[]; summaryNoun: string }) {
  const total = data.reduce((a, d) => a + d.value, 0);
  const share = (v: number) => (total > 0 ? `${Math.round((100 * v) / total)}%` : '0%');
  const summary = `Donut chart of ${summaryNoun}: ${data.map((d) => `${d.label} ${d.value} (${share(d.value)})`).join(', ')}.`;
  return (
    <ChartFigure id={id} title={title} description={description} summary={summary} table={{ columns: ['Category', 'Count', 'Share'], rows: data.map((d) => [d.label, d.value, share(d.value)]) }}>
      <PieChart accessibilityLayer={false}>
        <Pie data={data} dataKey="value" nameKey="label" innerRadius="55%" outerRadius="85%" paddingAngle={data.filter((d) => d.value > 0).length > 1 ? 2 : 0} stroke="none" isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.label} fill={d.color} />
          ))}
        </Pie>
        <Tooltip content={<ChartTooltip />} />
        <Legend {...legendProps} />
      </PieChart>
    </ChartFigure>
  );
}

/** Goals per type, split into completed, abandoned and still open. */
export function GoalTypesChart({ data }: { data: { label: string; completed: number; abandoned: number; open: number }[] }) {
  const summary = `Stacked bar chart of goals by type: ${data.map((d) => `${d.label} ${d.completed} completed, ${d.abandoned} abandoned, ${d.open} open`).join('; ')}.`;
  return (
    <ChartFigure
      id="goal-types"
      title="Goals by type"
      description="Goals tracked in the period and how they ended"
      summary={summary}
      table={{ columns: ['Type', 'Completed', 'Abandoned', 'Open'], rows: data.map((d) => [d.label, d.completed, d.abandoned, d.open]) }}
    >
      <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="label" tick={axisTick} stroke="currentColor" strokeOpacity={0.4} interval={0} />
        <YAxis allowDecimals={false} tick={axisTick} stroke="currentColor" strokeOpacity={0.4} />
        <Tooltip cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} content={<ChartTooltip />} />
        <Legend {...legendProps} />
        <Bar dataKey="completed" name="Completed" stackId="goals" fill={CHART_COLORS.strong} isAnimationActive={false} />
        <Bar dataKey="open" name="Open" stackId="goals" fill={CHART_COLORS.soft} isAnimationActive={false} />
        <Bar dataKey="abandoned" name="Abandoned" stackId="goals" fill={CHART_COLORS.muted} fillOpacity={0.35} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
