import { describe, expect, it } from 'vitest';
import { latencyFloorMs, resultsMarkdown, TARGETS, type BenchResults, type FewConnectionsResult } from '../../bench/report';

function run(p95: number, cpu?: { server: number; serverMainThread?: number; postgres: number }): FewConnectionsResult {
  return {
    connections: 4,
    requests: 400,
    requestsPerSecond: 40,
    latencyMs: { p50: p95 / 2, p95, p99: p95 * 1.5, max: p95 * 2 },
    non2xx: 0,
    errors: 0,
    statusCodes: { 200: 400 },
    bytesPerResponse: 1000,
    ...(cpu ? { cpuMsPerRequest: cpu } : {}),
  };
}

function results(name: string, few: FewConnectionsResult): BenchResults {
  const server = { ...run(100, { server: 10, postgres: 5 }), peakRssMbSoFar: 300, cpuMsPerRequest: { server: 10, postgres: 5 } };
  return {
    date: '2026-11-27T00:00:00.000Z',
    machine: { cpus: 2, cpu: 'test', memoryGb: 24, node: 'v20', loadAverage: { before: [0, 0, 0], after: [0, 0, 0] } },
    settings: { connections: 50, durationSeconds: 10, warmupSeconds: 2 },
    dataset: { counts: {}, seedMs: 0, seedStepsMs: {}, reused: true },
    endpoints: [{ name, app: server, baseline: server, appFewConnections: few, baselineFewConnections: run(60, { server: 8, postgres: 6 }), ratio: 1, cpuRatio: 1, meets: { ratio: true, p95: false } }],
    appPeakRssMb: 300,
    baselinePeakRssMb: 200,
    valid: true,
    scheduler: null,
    frontEnd: null,
    targets: TARGETS,
    totalSeconds: 1,
  };
}

const rowOf = (markdown: string, name: string) => markdown.split('\n').find((line) => line.startsWith(`| ${name} | 4 connections`)) ?? '';

describe('the bench report', () => {
  it('puts the least mean latency of a closed loop at connections × CPU per request ÷ cores', () => {
    expect(latencyFloorMs(run(80, { server: 20, postgres: 5 }), 2)).toBe(50);
    expect(latencyFloorMs(run(80, { server: 20, postgres: 5 }), 4)).toBe(25);
    expect(latencyFloorMs(run(80), 2)).toBeNull();
  });

  it('takes the main thread as the bound when it alone is busier than the cores', () => {
    // 4 × 14 ms on one thread (56) against 4 × 22 ms over two cores (44).
    expect(latencyFloorMs(run(80, { server: 15, serverMainThread: 14, postgres: 7 }), 2)).toBe(56);
    expect(latencyFloorMs(run(80, { server: 15, serverMainThread: 5, postgres: 7 }), 2)).toBe(44);
    const row = rowOf(resultsMarkdown(results('GET /d', run(90, { server: 15, serverMainThread: 14, postgres: 7 }))), 'GET /d');
    expect(row).toContain('| **no**, below the least mean | 15.0 (14.0) + 7.0 | 56.0 |');
  });

  it('says a missed p95 is below the least mean latency only when that floor reaches the target', () => {
    const above = rowOf(resultsMarkdown(results('GET /a', run(90, { server: 20, postgres: 6 }))), 'GET /a');
    expect(above).toContain('**no**, below the least mean');
    expect(above).toContain('| 20.0 + 6.0 | 52.0 |');
    const under = rowOf(resultsMarkdown(results('GET /b', run(90, { server: 10, postgres: 2 }))), 'GET /b');
    expect(under).toContain('| **no** | 10.0 + 2.0 | 24.0 |');
    const met = rowOf(resultsMarkdown(results('GET /c', run(30, { server: 10, postgres: 2 }))), 'GET /c');
    expect(met).toContain('| yes |');
  });

  it('reads results written before the few-connection runs measured CPU', () => {
    const row = rowOf(resultsMarkdown(results('GET /old', run(90))), 'GET /old');
    expect(row).toContain('| **no** | — | — |');
  });
});
