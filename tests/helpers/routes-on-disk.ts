import fs from 'node:fs';
import path from 'node:path';

export interface RouteOnDisk {
  method: string;
  /** The route file's folder under app/api, e.g. `clients/[id]`. */
  route: string;
  /** The route file's source. */
  source: string;
}

/** The catch-all that answers an /api path no endpoint serves (404): no endpoint of the contract. */
const NO_ENDPOINT_ROUTE = '[...path]';

/** Every handler exported by a route file under app/api: what the server really answers. */
export function routesOnDisk(): RouteOnDisk[] {
  const root = path.resolve('app/api');
  const found: RouteOnDisk[] = [];
  for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(file) !== 'route.ts' || path.dirname(file) === NO_ENDPOINT_ROUTE) continue;
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g)) {
      found.push({ method: m[1]!, route: path.dirname(file).split(path.sep).join('/'), source });
    }
  }
  return found.sort((a, b) => `${a.method} ${a.route}`.localeCompare(`${b.method} ${b.route}`));
}

/** `clients/[id]` → `/api/clients/{id}`, the path the contract and the OpenAPI document use. */
export const contractPath = (route: string) => `/api/${route.replace(/\[([^\]]+)\]/g, '{$1}')}`;
