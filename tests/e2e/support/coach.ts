import { expect, type Page } from '@playwright/test';
import zlib from 'node:zlib';
import postgres from 'postgres';
import { client } from '../../helpers/http';
import { fillLogin, stack, verifiedCoach, type TestUser } from '../fixtures';

/** A coach registered with fetch to /api/users/register and verified through the outbox link. */
export interface Coach extends TestUser {
  id: string;
  ip: string;
}

/**
 * Talks to the API as the coach. Access tokens live a few seconds in the browser-test stack, so a
 * call answered 401 is retried once with a refreshed token.
 */
export class CoachApi {
  private constructor(
    private readonly ip: string,
    private access: string,
    private refreshToken: string,
    readonly userId: string,
  ) {}

  static async login(user: TestUser, ip: string): Promise<CoachApi> {
    const res = await client(stack().baseUrl)<{ accessToken: string; refreshToken: string; user: { id: string } }>('POST', '/users/login', {
      ip,
      body: { email: user.email, password: user.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new CoachApi(ip, res.body.accessToken, res.body.refreshToken, res.body.user.id);
  }

  async call<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const request = client(stack().baseUrl);
    let res = await request<T>(method, url, { ip: this.ip, token: this.access, body });
    if (res.status === 401) {
      const refreshed = await request<{ accessToken: string; newRefreshToken: string }>('POST', '/users/refresh-token', { ip: this.ip, body: { refreshToken: this.refreshToken } });
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
      this.access = refreshed.body.accessToken;
      this.refreshToken = refreshed.body.newRefreshToken;
      res = await request<T>(method, url, { ip: this.ip, token: this.access, body });
    }
    return res;
  }

  async createClient(fields: Record<string, unknown>): Promise<ClientRow> {
    const res = await this.call<{ client: ClientRow }>('POST', '/coach/clients', fields);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.client;
  }

  async getClient(id: string): Promise<ClientRow> {
    const res = await this.call<{ client: ClientRow }>('GET', `/clients/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.client;
  }
}

export interface ClientRow {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  timezone: string;
  profilePic: string | null;
  checkInsHeld: boolean;
  archived: boolean;
  goals: { id: string; title: string }[];
}

export async function newCoach(ip: string): Promise<Coach & { api: CoachApi }> {
  const user = await verifiedCoach(ip);
  const api = await CoachApi.login(user, ip);
  return { ...user, id: api.userId, ip, api };
}

/** Signs in through the /login screen and waits for the Client Dashboard. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeVisible();
}

export interface CheckInSeed {
  status: 'scheduled' | 'sent' | 'responded' | 'completed' | 'no_response';
  /** Hours from now; negative in the past. */
  at: number;
  aiMessage?: string;
  clientResponse?: string;
  aiResponse?: string;
  coachSummary?: string;
  insights?: string[];
  motivation?: 'low' | 'medium' | 'high';
  engagementAssessment?: 'great' | 'okay' | 'bad';
  executiveSummary?: string;
}

/**
 * Check-ins are written by the AI jobs of the next issue; until then a test puts them straight into
 * the test stack's database.
 */
export async function insertCheckIns(coachId: string, clientId: string, goalId: string | null, rows: CheckInSeed[]): Promise<void> {
  const sql = postgres(stack().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    for (const row of rows) {
      const at = new Date(Date.now() + row.at * 3_600_000);
      const sent = row.status === 'scheduled' ? null : at;
      const responded = row.status === 'responded' || row.status === 'completed' ? new Date(at.getTime() + 30 * 60_000) : null;
      await sql`
        insert into check_ins (coach_id, client_id, goal_id, status, scheduled_for, sent_at, responded_at, ai_message, client_response, ai_response,
          coach_summary, insights, motivation, engagement_assessment, executive_summary, created_at)
        values (${coachId}, ${clientId}, ${goalId}, ${row.status}, ${at}, ${sent}, ${responded}, ${row.aiMessage ?? null}, ${row.clientResponse ?? null},
          ${row.aiResponse ?? null}, ${row.coachSummary ?? null}, ${row.insights ? sql.json(row.insights) : null}, ${row.motivation ?? null},
          ${row.engagementAssessment ?? null}, ${row.executiveSummary ?? null}, ${row.status === 'scheduled' ? new Date() : at})`;
    }
  } finally {
    await sql.end();
  }
}

/** A small solid-colour PNG, built here so its checksums are right and the browser can draw it. */
export function solidPng(size = 16, rgb: [number, number, number] = [184, 118, 10]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
