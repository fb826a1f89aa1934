import autocannon from 'autocannon';

/** One request of a load run; `next` is called for every request sent, so each can differ. */
export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  /** Mean size of an answer, headers included. */
  bytesPerResponse: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return Math.round(value * 10) / 10;
}

interface FireOptions {
  connections: number;
  seconds: number;
}

function fire(baseUrl: string, options: FireOptions, next: () => RequestSpec, onLatency?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        duration: options.seconds,
        timeout: 30,
        requests: [
          {
            setupRequest: (req) => {
              const spec = next();
              return { ...req, method: spec.method, path: spec.path, headers: { ...spec.headers, ...(spec.body ? { 'content-type': 'application/json' } : {}) }, body: spec.body };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon reports p97.5 but not p95: every response time is kept to compute both.
    if (onLatency) instance.on('response', (_client, _status, _bytes, responseTime) => onLatency(responseTime));
  });
}

/**
 * A warm-up (discarded), then `durationSeconds` of `connections` concurrent connections, each
 * sending the next request as soon as its previous one is answered. `onMeasureStart` runs between
 * the two (to read CPU counters).
 */
export async function runLoad(baseUrl: string, settings: LoadSettings, next: () => RequestSpec, onMeasureStart?: () => void): Promise<LoadResult> {
  const { connections } = settings;
  if (settings.warmupSeconds > 0) await fire(baseUrl, { connections, seconds: settings.warmupSeconds }, next);
  onMeasureStart?.();
  const latencies: number[] = [];
  const result = await fire(baseUrl, { connections, seconds: settings.durationSeconds }, next, (ms) => latencies.push(ms));
  const sorted = Float64Array.from(latencies).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (stat as { count: number }).count;
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / settings.durationSeconds) * 10) / 10,
    latencyMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: percentile(sorted, 100) },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}
