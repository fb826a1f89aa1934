import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_ERRORS } from '@/lib/constants';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** No chunk, or an empty one: `end()`, `end(callback)`, `end('')`, `end(Buffer.alloc(0))`. */
const isEmpty = (chunk: unknown) => chunk === undefined || chunk === null || typeof chunk === 'function' || ((typeof chunk === 'string' || chunk instanceof Uint8Array) && chunk.length === 0);

/**
 * Next answers a method that a route does not export with a bare 405 (no body, no type) before any
 * of our code runs, sending its headers first and then ending with nothing. On /api paths the
 * answer gets the API's error shape, so every API error a client sees is `{ error, message }`:
 * the type is added as the headers go out (`writeHead`, which Node also calls for implicit and
 * flushed headers) and the body when Next ends the answer empty.
 */
export function answerBareMethodNotAllowedAsJson(req: IncomingMessage, res: ServerResponse): void {
  if (!isApiPath((req.url ?? '/').split('?')[0]!)) return;
  const bare = (statusCode: number) => statusCode === 405 && res.getHeader('content-type') === undefined;
  let typed = false;
  const writeHead = res.writeHead.bind(res);
  res.writeHead = function writeHeadTyped(this: ServerResponse, ...args: unknown[]) {
    if (typeof args[0] === 'number' && bare(args[0]) && !res.headersSent) {
      res.removeHeader('content-length');
      res.setHeader('content-type', 'application/json');
      typed = true;
    }
    return Reflect.apply(writeHead, this, args);
  } as ServerResponse['writeHead'];
  const end = res.end.bind(res);
  res.end = function endWithBody(this: ServerResponse, ...args: unknown[]) {
    if (!res.headersSent && bare(res.statusCode)) res.writeHead(res.statusCode);
    if (typed && isEmpty(args[0])) return end(JSON.stringify({ error: 'METHOD_NOT_ALLOWED', message: API_ERRORS.methodNotAllowed(req.method ?? 'This method') }));
    return Reflect.apply(end, this, args);
  } as ServerResponse['end'];
}
