import { expect, type Page } from '@playwright/test';
import { client } from '../../helpers/http';
import { fillLogin, stack, verifiedCoach, type TestUser } from '../fixtures';

export interface TestClient {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
}

let clientCounter = 0;

/** A verified coach (registered with fetch, verified through the outbox link) and a client of theirs. */
export async function coachWithClient(ip: string): Promise<{ coach: TestUser; client: TestClient; token: () => Promise<string> }> {
  const coach = await verifiedCoach(ip);
  const request = client(stack().baseUrl);
  // A fresh token per use: the browser-test stack issues access tokens that live 6 seconds.
  const token = async () => {
    const login = await request<{ accessToken: string }>('POST', '/users/login', { ip, body: { email: coach.email, password: coach.password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return login.body.accessToken;
  };
  clientCounter += 1;
  const firstName = 'Robin';
  const lastName = `Goalsetter${String.fromCharCode(64 + (clientCounter % 26) + 1)}`;
  const created = await request<{ client: { id: string } }>('POST', '/coach/clients', {
    ip,
    token: await token(),
    body: { firstName, lastName, email: `robin-${Date.now().toString(36)}-${clientCounter}@example.com`, phone: '+15555550188', timezone: 'America/Chicago' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { coach, client: { id: created.body.client.id, firstName, lastName, name: `${firstName} ${lastName}` }, token };
}

export async function signIn(page: Page, coach: TestUser): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, coach.email, coach.password);
  await page.waitForURL('**/dashboard');
}

/** The one place that knows how to reach the Goals tab: the client's name in the dashboard list, then the tab. */
export async function openGoalsTab(page: Page, target: TestClient): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button').getByText(target.name, { exact: true }).first().click();
  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(page.getByRole('heading', { name: 'Active goals' })).toBeVisible();
}

/**
 * An open dialog found by its heading. The Modal primitive labels every dialog with the same
 * element id, so with several modals on a page the accessible name cannot be trusted.
 */
export function dialogTitled(page: Page, title: string) {
  return page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}
