'use client';

import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Series colours: the theme's brand colour first, then hues that stay apart in light and dark mode. */
export const SERIES_COLORS = ['var(--color-brand-500)', '#0d9488', '#6366f1', '#e11d48', '#0284c7', '#65a30d', '#a855f7', '#f97316'];
export const GOOD_COLOR = '#16a34a';
export const BAD_COLOR = '#dc2626';
const AXIS = '#a8a29e';
const GRID = 'rgba(168, 162, 158, 0.25)';

export interface Series {
  key: string;
  label: string;
  color?: string;
}

interface ChartProps {
  /** What the chart shows, read to screen readers (the same figures are in the table beside it). */
  label: string;
  data: readonly object[];
  xKey: string;
  series: Series[];
  formatX?: (value: string) => string;
  formatY?: (value: number) => string;
  height?: number;
  stacked?: boolean;
  /** Money and other fractional values need fractional ticks. */
  allowDecimals?: boolean;
}

function Frame({ label, height, children }: { label: string; height: number; children: React.ReactElement }) {
  return (
    <figure role="img" aria-label={label} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

const tooltipStyle = {
  contentStyle: { borderRadius: 8, border: '1px solid #d6d3d1', fontSize: 12, background: 'var(--tooltip-bg, #fff)', color: '#1c1917' },
  labelStyle: { fontWeight: 600 },
};

export function BarSeriesChart({ label, data, xKey, series, formatX, formatY, height = 260, stacked, allowDecimals = false }: ChartProps) {
  return (
    <Frame label={label} height={height}>
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey={xKey} tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={formatX} stroke={AXIS} minTickGap={12} />
        <YAxis tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={formatY} stroke={AXIS} width={64} allowDecimals={allowDecimals} />
        <Tooltip
          {...tooltipStyle}
          labelFormatter={(v) => (formatX ? formatX(String(v)) : String(v))}
          formatter={(v) => (formatY ? formatY(Number(v)) : String(v))}
          cursor={{ fill: 'rgba(168, 162, 158, 0.15)' }}
        />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color ?? SERIES_COLORS[i % SERIES_COLORS.length]} stackId={stacked ? 'stack' : undefined} radius={stacked ? 0 : [3, 3, 0, 0]} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  );
}

export function LineSeriesChart({ label, data, xKey, series, formatX, formatY, height = 260, allowDecimals = false }: ChartProps) {
  return (
    <Frame label={label} height={height}>
      <LineChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey={xKey} tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={formatX} stroke={AXIS} minTickGap={12} />
        <YAxis tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={formatY} stroke={AXIS} width={64} allowDecimals={allowDecimals} />
        <Tooltip {...tooltipStyle} labelFormatter={(v) => (formatX ? formatX(String(v)) : String(v))} formatter={(v) => (formatY ? formatY(Number(v)) : String(v))} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="linear"
            dataKey={s.key}
            name={s.label}
            stroke={s.color ?? SERIES_COLORS[i % SERIES_COLORS.length]}
            strokeWidth={2}
            dot={data.length <= 31}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Frame>
  );
}

export function ShareChart({ label, data, nameKey, valueKey, formatValue, height = 240 }: { label: string; data: readonly object[]; nameKey: string; valueKey: string; formatValue?: (v: number) => string; height?: number }) {
  return (
    <Frame label={label} height={height}>
      <PieChart>
        <Pie data={[...data]} dataKey={valueKey} nameKey={nameKey} innerRadius="55%" outerRadius="85%" paddingAngle={2} isAnimationActive={false}>
          {data.map((_, i) => (
            <Cell key={i} fill={SERIES_COLORS[i % SERIES_COLORS.length]} />
          ))}
        </Pie>
        <Tooltip {...tooltipStyle} formatter={(v) => (formatValue ? formatValue(Number(v)) : String(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
      </PieChart>
    </Frame>
  );
}
