import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/lib/contract';
import { API_TAGS, openApiDocument } from '@/lib/contract/openapi';
import { contractPath, routesOnDisk } from '../helpers/routes-on-disk';

type Operation = { security?: unknown[]; responses: Record<string, unknown>; parameters?: { in: string; name: string }[] };

const document = openApiDocument();
const operation = (method: string, path: string): Operation | undefined =>
  (document.paths?.[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

describe('the OpenAPI document covers the API', () => {
  const routes = routesOnDisk();

  it('has every route file and method under app/api, and nothing else', () => {
    const onDisk = routes.map((r) => `${r.method} ${contractPath(r.route)}`).sort();
    const documented = Object.entries(document.paths ?? {})
      .flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(onDisk);
    expect(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()).toEqual(onDisk);
  });

  it('builds every handler from its contract, so the route and its document cannot differ', () => {
    const loose = routes.filter((r) => !new RegExp(`export const ${r.method} = route\\(\\s*[A-Za-z]+\\.[A-Za-z]+,`).test(r.source));
    expect(loose.map((r) => `${r.method} ${r.route}`)).toEqual([]);
  });

  it('files every endpoint under one of the listed areas, and lists no empty area', () => {
    const names: string[] = API_TAGS.map((t) => t.name);
    expect(ENDPOINTS.filter((e) => !names.includes(e.tag)).map((e) => `${e.method} ${e.path}: ${e.tag}`)).toEqual([]);
    expect(names.filter((name) => !ENDPOINTS.some((e) => e.tag === name))).toEqual([]);
  });

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s documents its auth and failures', (_name, e) => {
    const op = operation(e.method, e.path)!;
    expect(Object.keys(op.responses)).toContain(String(e.status ?? 200));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['500', '503']));
    if (e.auth === 'public') {
      expect(op.security).toEqual([]);
    } else {
      expect(op.security).not.toEqual([]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
    if (e.body || e.params || e.query) expect(Object.keys(op.responses)).toContain('400');
    const pathParams = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
    expect(declared).toEqual(pathParams);
  });
});
