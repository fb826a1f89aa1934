import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of the OpenAI API Cadence uses: POST /v1/chat/completions with
 * JSON mode. Every request is recorded. By default it answers each operation with a plausible JSON
 * object; a test can script answers for requests that mention a given text (a client's name).
 */

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  temperature?: number;
}

export type Operation = 'compose' | 'followup' | 'analyse' | 'milestones';

export interface RecordedChat {
  operation: Operation;
  body: ChatRequest;
  authorization: string | undefined;
  /** system + user text, for matching. */
  text: string;
}

interface Script {
  match: string;
  operation?: Operation;
  /** Raw content of the assistant message (a JSON string, or anything malformed). */
  content: string;
  /** How many times this answer is used; Infinity = always. */
  times: number;
}

export function operationOf(body: ChatRequest): Operation {
  const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
  if (system.includes("Analyse the client's reply")) return 'analyse';
  if (system.includes('Propose 3 to 5 milestones')) return 'milestones';
  if (system.includes('follow-up')) return 'followup';
  return 'compose';
}

function defaultContent(op: Operation, body: ChatRequest): string {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '{}';
  const facts = JSON.parse(user) as { client?: { firstName?: string }; goals?: { title: string; currentValue: number; target: number | null }[]; goal?: { target: number | null; unit: string | null } };
  const first = facts.client?.firstName ?? 'there';
  switch (op) {
    case 'compose':
      return JSON.stringify({ message: `Hi ${first}, how did ${facts.goals?.map((g) => g.title).join(' and ') || 'things'} go this week?` });
    case 'followup':
      return JSON.stringify({ message: `Great work, ${first}! Keep going.` });
    case 'analyse':
      return JSON.stringify({
        coachSummary: `${first} reported steady progress and sounds positive.`,
        insights: ['Consistent effort', 'Energy is good'],
        executiveSummary: `${first} is on track and motivated.`,
        motivation: 'high',
        engagementAssessment: 'great',
        concerns: [],
        progress: [],
        unattributed: [],
      });
    case 'milestones': {
      const target = facts.goal?.target ?? null;
      const unit = facts.goal?.unit ?? '';
      return JSON.stringify({
        milestones: [1, 2, 3].map((i) => ({
          title: target ? `Reach ${(target * i) / 3} ${unit}`.trim() : `Step ${i}`,
          description: `Milestone ${i} of 3`,
          targetValue: target ? (target * i) / 3 : null,
          targetPercentage: Math.round((100 * i) / 3),
        })),
      });
    }
  }
}

/** What the next matching requests meet: an HTTP error status, or no answer at all (a timeout). */
export type AiFault = { kind: 'status'; status: number } | { kind: 'hang' };

export interface FakeOpenAi {
  url: string;
  requests: RecordedChat[];
  /** The next `times` requests whose text contains `match` meet `fault` (they are still recorded). */
  fault(match: string, fault: AiFault, times: number): void;
  /** Answers requests whose text contains `match` (and of `operation`, if given) with `content`. */
  script(match: string, content: string | object, options?: { operation?: Operation; times?: number }): void;
  /** Requests whose text contains `match`. */
  requestsFor(match: string, operation?: Operation): RecordedChat[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: RecordedChat[] = [];
  const scripts: Script[] = [];
  const faults: { match: string; fault: AiFault; times: number }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as ChatRequest;
      const operation = operationOf(body);
      const text = body.messages.map((m) => m.content).join('\n');
      requests.push({ operation, body, authorization: req.headers.authorization, text });
      const planned = faults.find((f) => f.times > 0 && text.includes(f.match));
      if (planned) {
        planned.times -= 1;
        if (planned.fault.kind === 'hang') return;
        res.writeHead(planned.fault.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error' } }));
        return;
      }
      const script = scripts.find((s) => s.times > 0 && text.includes(s.match) && (!s.operation || s.operation === operation));
      if (script) script.times -= 1;
      const content = script ? script.content : defaultContent(operation, body);
      const promptTokens = Math.ceil(text.length / 4);
      const completionTokens = Math.ceil(content.length / 4);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
        }),
      );
    });
  });
  // Longer than the client's idle sockets live, so a kept-alive connection is never cut under a request.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(match, content, options = {}) {
      scripts.push({ match, operation: options.operation, content: typeof content === 'string' ? content : JSON.stringify(content), times: options.times ?? Infinity });
    },
    fault: (match, fault, times) => void faults.push({ match, fault, times }),
    requestsFor: (match, operation) => requests.filter((r) => r.text.includes(match) && (!operation || r.operation === operation)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging requests would hold the server open.
        server.closeAllConnections();
      }),
  };
}
