import type { IncomingMessage, ServerResponse } from 'node:http';

/** Whether every percent-escape of the path decodes to UTF-8 (Next answers a bare 500 when one does not). */
function decodablePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers a request whose path cannot be decoded with 400 in the API's error shape, before Next
 * sees it. Returns whether it answered.
 */
export function rejectMalformedUrl(req: IncomingMessage, res: ServerResponse): boolean {
  if (decodablePath(req.url ?? '/')) return false;
  res.writeHead(400, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' });
  res.end(JSON.stringify({ error: 'MALFORMED_URL', message: 'The request path is not valid URL encoding' }));
  return true;
}
