import { expect, insertCheckIns, newCoach, shot, signIn, solidPng, stack, test } from './fixtures';
import { clearOfMidnight } from '../helpers/clock';
import { uniqueEmail, uniquePhone } from '../helpers/http';
import { WORKSPACE_VALIDATION as V, WORKSPACE_TOASTS as T } from '../../lib/constants';
import type { Page } from '@playwright/test';

/** Product §2.2-§2.5 and §2.8: the coach's Client Dashboard, in Chromium. */

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The bubbles below are checked within this long of reading the day. */
const MIDNIGHT_MARGIN_MS = 60_000;

/** New coaches are on America/New_York. */
const COACH_ZONE = 'America/New_York';

/** Monday = 0 in the coach's zone at `at`. */
function todayIndex(at: Date, zone = COACH_ZONE): number {
  const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(at);
  return WEEKDAY_SHORT.indexOf(short);
}

const clientList = (page: Page) => page.getByRole('list', { name: 'Clients', exact: true });
const clientRow = (page: Page, name: string | RegExp) => clientList(page).getByRole('button', { name });
const detail = (page: Page) => page.locator('section[aria-labelledby="client-detail-name"]');
/** A Client Overview figure: the value after its label. */
const metric = (page: Page, label: string) => detail(page).getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
const dayRow = (page: Page, day: string) => detail(page).getByRole('list', { name: 'Days of the week' }).getByRole('listitem', { name: day, exact: true });

function clientFields(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Riley',
    lastName: 'Stone',
    email: uniqueEmail('client'),
    // Each client a number of its own: one coach's clients never share one (decision 0111).
    phone: uniquePhone(),
    scheduledCheckIns: [{ time: '09:00', days: [0] }],
    ...overrides,
  };
}

test.describe('Client Dashboard', () => {
  // Tall enough that the screenshots show a whole Create New Client dialog.
  test.use({ viewport: { width: 1440, height: 1100 } });

  test('adds a client with a progress goal and a schedule after seeing the validation messages', async ({ page, clientIp }) => {
    const coach = await newCoach(clientIp);
    await signIn(page, coach);

    // Empty account: the list's empty state and the three stat cards.
    await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible();
    await expect(page.getByText('No clients yet', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'This week at a glance' })).toContainText('Scheduled Check-ins this week');
    await shot(page, 'workspace-empty');

    await page.getByRole('button', { name: 'Add Client', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Client' });
    await expect(dialog).toBeVisible();
    await shot(page, 'workspace-add-client-empty');

    // Every product §2.5 message before anything reaches the server.
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(dialog.getByText(V.clientRequired)).toBeVisible();
    await expect(dialog.getByLabel('First name *')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('First name *').fill('Jordan');
    await dialog.getByLabel('Last name *').fill('Lee');
    await dialog.getByLabel('Email *').fill(uniqueEmail('jordan'));
    await dialog.getByLabel('Phone *').fill('555-0142');
    await dialog.getByLabel('Goal title').fill('Run 20 km a week');
    await dialog.getByLabel('Goal type').selectOption('progress');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(dialog.getByText(V.clientPhoneFormat)).toBeVisible();
    await expect(dialog.getByText(V.targetRequired)).toBeVisible();
    await expect(dialog.getByText(V.unitRequired)).toBeVisible();
    await expect(dialog.getByText(V.clientRequired)).toBeHidden();
    await dialog.getByRole('button', { name: 'Add check-in' }).click();
    await expect(dialog.getByText(V.scheduleEntry)).toBeVisible();
    await shot(page, 'workspace-add-client-errors');

    await dialog.getByLabel('Phone *').fill('+15555550142');
    await dialog.getByLabel('Unit').fill('km');
    await dialog.getByLabel('Target value').fill('20');
    await expect(dialog.getByLabel('Timezone')).toHaveValue('America/New_York');
    const frequency = dialog.getByRole('group', { name: 'Check-in frequency' });
    await frequency.getByRole('button', { name: 'Mon' }).click();
    await frequency.getByRole('button', { name: 'Wed' }).click();
    await expect(frequency.getByRole('button', { name: 'Mon' })).toHaveAttribute('aria-pressed', 'true');

    const days = dialog.getByRole('group', { name: 'Days' });
    await dialog.getByLabel('Time', { exact: true }).fill('08:30');
    for (const day of ['Mon', 'Wed', 'Fri']) await days.getByRole('button', { name: day }).click();
    await dialog.getByRole('button', { name: 'Add check-in' }).click();
    await expect(dialog.getByText(V.scheduleEntry)).toBeHidden();
    await dialog.getByLabel('Time', { exact: true }).fill('18:00');
    await days.getByRole('button', { name: 'Tue' }).click();
    await dialog.getByRole('button', { name: 'Add check-in' }).click();
    const entries = dialog.getByRole('list', { name: 'Scheduled check-ins to create' });
    await expect(entries.getByRole('listitem')).toHaveCount(2);
    await expect(entries).toContainText('8:30 AM · Mon, Wed, Fri');
    await entries.getByRole('button', { name: 'Remove 6:00 PM on Tue' }).click();
    await expect(entries.getByRole('listitem')).toHaveCount(1);
    await shot(page, 'workspace-add-client-filled');

    // The bubbles follow the app's day: read ours away from midnight, before the client exists.
    test.setTimeout(test.info().timeout + MIDNIGHT_MARGIN_MS);
    const readAt = await clearOfMidnight(COACH_ZONE, MIDNIGHT_MARGIN_MS);
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(T.clientCreated)).toBeVisible();

    // In the list with its Mon-Sun bubbles: slot days from today on are due, earlier ones not (new client).
    const row = clientRow(page, /Jordan Lee/);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Last check-in: Never');
    await expect(row.getByRole('img', { name: /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun): / })).toHaveCount(7);
    const today = todayIndex(readAt);
    for (const [index, short] of WEEKDAY_SHORT.entries()) {
      const expected = [0, 2, 4].includes(index) && index >= today ? 'scheduled' : 'nothing scheduled';
      // A day with an upcoming check-in also names its time.
      await expect(row.getByRole('img', { name: new RegExp(`^${short}: ${expected}(, Upcoming .*)?$`) })).toBeVisible();
    }
    await expect(row.getByText('Active')).toBeVisible();

    // The new client opens beside the list, schedule and goal as entered.
    await expect(detail(page).getByRole('heading', { name: 'Jordan Lee' })).toBeVisible();
    await expect(detail(page)).toContainText('(555) 555-0142');
    for (const day of ['Monday', 'Wednesday', 'Friday']) await expect(dayRow(page, day).getByRole('button', { name: new RegExp(`^${day.slice(0, 3)} .*first at 8:30 AM`) })).toBeVisible();
    await expect(dayRow(page, 'Tuesday').getByRole('button', { name: /^Tue .*no check-ins$/ })).toBeVisible();
    await expect(metric(page, 'Active Goals')).toHaveText('1');
    await expect(metric(page, 'Weekly Progress')).toHaveText('0%');
    await expect(metric(page, 'Response Rate')).toHaveText('0%');
    await expect(page.getByRole('region', { name: 'This week at a glance' }).getByText('3', { exact: true })).toBeVisible();
    await shot(page, 'workspace-client-created');

    const [created] = (await coach.api.call<{ clients: { firstName: string; phone: string; goals: { title: string; type: string; target: number; unit: string; checkInFrequency: string[] }[] }[] }>('GET', '/coach/clients')).body.clients;
    expect(created).toMatchObject({ firstName: 'Jordan', phone: '+15555550142' });
    expect(created!.goals[0]).toMatchObject({ title: 'Run 20 km a week', type: 'progress', target: 20, unit: 'km', checkInFrequency: ['monday', 'wednesday'] });
  });

  test('edits a client, changes the schedule, holds and resumes, archives and unarchives, uploads a picture', async ({ page, clientIp }) => {
    const coach = await newCoach(clientIp);
    const client = await coach.api.createClient(clientFields({ scheduledCheckIns: [{ time: '07:00', days: [0, 3] }] }));
    await signIn(page, coach);
    await clientRow(page, /Riley Stone/).click();
    await expect(clientRow(page, /Riley Stone/)).toHaveAttribute('aria-pressed', 'true');
    await expect(detail(page).getByRole('heading', { name: 'Riley Stone' })).toBeVisible();

    // Edit: a number that cannot be normalised is refused; 10 digits gain +1.
    await detail(page).getByRole('button', { name: 'Edit', exact: true }).click();
    let edit = page.getByRole('dialog', { name: 'Edit Client' });
    await edit.getByLabel('Phone').fill('555 555 01');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText(V.editPhoneFormat)).toBeVisible();
    await shot(page, 'workspace-edit-client-error');
    await edit.getByLabel('Phone').fill('(555) 555-0199');
    await edit.getByLabel('First name').fill('Rowan');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(detail(page).getByRole('heading', { name: 'Rowan Stone' })).toBeVisible();
    await expect(detail(page)).toContainText('(555) 555-0199');
    await expect(clientRow(page, /Rowan Stone/)).toBeVisible();
    expect((await coach.api.getClient(client.id)).phone).toBe('+15555550199');
    // 11 digits starting with 1 gain a +.
    await detail(page).getByRole('button', { name: 'Edit', exact: true }).click();
    edit = page.getByRole('dialog', { name: 'Edit Client' });
    await edit.getByLabel('Phone').fill('1-555-555-0188');
    await edit.getByLabel('Timezone').selectOption('America/Chicago');
    await shot(page, 'workspace-edit-client');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(detail(page)).toContainText('Central');
    expect(await coach.api.getClient(client.id)).toMatchObject({ phone: '+15555550188', timezone: 'America/Chicago' });

    // Schedule: a day's hover card adds a time (09:00 by default) and removes it; a time is switched off and on.
    const tuesday = dayRow(page, 'Tuesday');
    await tuesday.getByRole('button', { name: /^Tue\b/ }).hover();
    const time = tuesday.getByLabel('Time', { exact: true });
    await expect(time).toHaveValue('09:00');
    await time.fill('18:15');
    await tuesday.getByRole('button', { name: 'Add check-in on Tuesday' }).click();
    await expect(tuesday.getByRole('list', { name: 'Tuesday check-ins' })).toContainText('6:15 PM');
    await expect(clientRow(page, /Rowan Stone/).getByRole('img', { name: /^Tue: / })).toBeVisible();
    await tuesday.getByRole('button', { name: 'Remove 6:15 PM check-in on Tuesday (All goals)' }).click();
    await expect(tuesday.getByText('No check-ins on Tuesday.')).toBeVisible();
    const mondayCell = dayRow(page, 'Monday');
    await mondayCell.getByRole('button', { name: /^Mon\b/ }).hover();
    const monday = mondayCell.getByRole('switch', { name: '7:00 AM check-in on Monday (All goals)' });
    await expect(monday).toHaveAttribute('aria-checked', 'true');
    await monday.click();
    await expect(monday).toHaveAttribute('aria-checked', 'false');
    await expect.poll(async () => (await coach.api.getClient(client.id)) as unknown as { checkInSchedule: Record<string, { enabled: boolean }[]> }).toMatchObject({
      checkInSchedule: { '0': [{ enabled: false }], '3': [{ enabled: true }] },
    });
    await monday.click();
    await expect(monday).toHaveAttribute('aria-checked', 'true');

    // Hold and resume.
    await detail(page).getByRole('button', { name: 'Hold check-ins' }).click();
    await expect(detail(page).getByText('On hold', { exact: true })).toBeVisible();
    await expect(clientRow(page, /Rowan Stone/).getByText('On hold')).toBeVisible();
    await expect(detail(page).getByText(/Check-ins are paused/)).toBeVisible();
    await shot(page, 'workspace-client-on-hold');
    await detail(page).getByRole('button', { name: 'Resume check-ins' }).click();
    await expect(detail(page).getByText('Active', { exact: true })).toBeVisible();
    expect((await coach.api.getClient(client.id)).checkInsHeld).toBe(false);

    // Picture: content that is not an image is refused by the server, a PNG is shown.
    const file = detail(page).locator('input[type="file"]');
    await expect(file).toHaveAttribute('accept', 'image/*');
    await file.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await expect(detail(page).getByRole('alert')).toHaveText(V.imageOnly);
    await file.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: solidPng(64) });
    const picture = detail(page).getByRole('img', { name: 'Profile picture of Rowan Stone' }).locator('img');
    await expect(picture).toHaveAttribute('src', new RegExp(`/api/clients/${client.id}/profile-pic`));
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await expect(clientRow(page, /Rowan Stone/).locator('img')).toBeVisible();
    await expect(detail(page).getByRole('alert')).toBeHidden();
    await shot(page, 'workspace-client-picture');
    // A new picture replaces the old one at once (its address changes, so no cached copy is shown).
    await file.setInputFiles({ name: 'face2.png', mimeType: 'image/png', buffer: solidPng(32, [72, 104, 66]) });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);

    // Archive (confirmed), then bring back from the Archived Clients modal.
    await detail(page).getByRole('button', { name: 'Archive', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive Rowan Stone?' });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(confirm).toBeHidden();
    await expect(clientRow(page, /Rowan Stone/)).toHaveCount(0);
    await expect(page.getByText('Select a client')).toBeVisible();
    await page.getByRole('button', { name: 'Archived Clients' }).click();
    const archived = page.getByRole('dialog', { name: 'Archived Clients' });
    await expect(archived.getByText('Rowan Stone')).toBeVisible();
    await shot(page, 'workspace-archived-clients');
    await archived.getByRole('button', { name: 'Unarchive Rowan Stone' }).click();
    await expect(archived.getByText('No archived clients.')).toBeVisible();
    await archived.getByRole('button', { name: 'Close' }).click();
    await expect(clientRow(page, /Rowan Stone/)).toBeVisible();
    expect((await coach.api.getClient(client.id)).archived).toBe(false);
  });

  test('shows the check-in history, overview figures and executive summaries, and deletes an upcoming check-in', async ({ page, clientIp }) => {
    const coach = await newCoach(clientIp);
    const client = await coach.api.createClient(
      clientFields({ firstName: 'Sam', lastName: 'Reyes', goalTitle: 'Read 12 books', goalType: 'progress', metric: 'books', targetValue: 12, scheduledCheckIns: [{ time: '08:00', days: [0, 2] }] }),
    );
    const goalId = client.goals[0]!.id;
    await coach.api.call('PATCH', `/goals/${goalId}/progress`, { currentValue: 3, source: 'coach' });
    await insertCheckIns(coach.id, client.id, goalId, [
      { status: 'scheduled', at: 48 },
      ...Array.from({ length: 5 }, (_, i) => ({
        status: 'completed' as const,
        at: -24 * (i + 1) - 2,
        aiMessage: `How is the reading going? (${i + 1})`,
        clientResponse: `Finished chapter ${10 - i}.`,
        aiResponse: 'Lovely, keep going!',
        coachSummary: `Sam read on day ${i + 1}.`,
        insights: ['Steady pace'],
        motivation: 'high' as const,
        engagementAssessment: 'great' as const,
        executiveSummary: `Summary number ${i + 1}`,
      })),
      { status: 'no_response', at: -200, aiMessage: 'Checking in on the books.' },
    ]);
    await signIn(page, coach);
    await expect(clientRow(page, /Sam Reyes/).getByRole('img', { name: 'Mood: happy' })).toBeVisible();
    // A client named in Recent Activity opens as a pick in the list does.
    const latest = page.getByRole('region', { name: 'This week at a glance' }).getByRole('list', { name: 'Latest client replies' });
    await expect(latest).toContainText('Sam Reyes');
    await latest.getByRole('button', { name: /Sam Reyes/ }).click();
    await expect(clientRow(page, /Sam Reyes/)).toHaveAttribute('aria-pressed', 'true');

    // Overview: 1 goal, 3 of 12 = 25 %, 5 replies ÷ (4 × 2 days) = 63 %.
    await expect(metric(page, 'Active Goals')).toHaveText('1');
    await expect(metric(page, 'Weekly Progress')).toHaveText('25%');
    await expect(metric(page, 'Response Rate')).toHaveText('63%');

    // History: newest first, 5 a page.
    const history = detail(page).getByRole('list', { name: 'Check-ins', exact: true });
    const pages = detail(page).getByRole('navigation', { name: 'Check-in history pages' });
    await expect(history.getByRole('listitem')).toHaveCount(5);
    await expect(pages).toContainText('Page 1 of 2');
    await expect(history.getByRole('listitem').first()).toContainText('Upcoming');
    const second = history.getByRole('listitem').nth(1);
    await expect(second).toContainText('Completed');
    await second.getByRole('button', { expanded: false }).click();
    await expect(second.getByText('How is the reading going? (1)')).toBeVisible();
    await expect(second.getByText('Finished chapter 10.')).toBeVisible();
    await expect(second.getByText('Lovely, keep going!')).toBeVisible();
    await expect(second.getByText('Steady pace')).toBeVisible();
    await expect(second.getByText('Great', { exact: true })).toBeVisible();
    await expect(detail(page).getByRole('list', { name: 'Executive summaries' }).getByRole('listitem')).toHaveCount(3);
    await shot(page, 'workspace-insights-history');
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Page 2 of 2');
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').last()).toContainText('No response');
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(pages).toContainText('Page 1 of 2');

    const summaries = detail(page).getByRole('navigation', { name: 'Executive summary pages' });
    await summaries.getByRole('button', { name: 'Next' }).click();
    await expect(detail(page).getByRole('list', { name: 'Executive summaries' }).getByRole('listitem')).toHaveCount(2);
    await expect(summaries).toContainText('Page 2 of 2');

    // Only the upcoming one can be deleted, after a confirmation.
    await expect(history.getByRole('button', { name: /^Delete check-in/ })).toHaveCount(1);
    await history.getByRole('button', { name: /^Delete check-in/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete check-in?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(T.checkInDeleted)).toBeVisible();
    await expect(history.getByRole('listitem').first()).toContainText('Completed');
    await expect(pages).toContainText('Page 1 of 2');
    await detail(page).getByRole('button', { name: 'Refresh check-in history' }).click();
    await expect(history.getByRole('button', { name: /^Delete check-in/ })).toHaveCount(0);
  });

  test('the free plan stops at three clients with the upgrade message', async ({ page, clientIp }) => {
    const coach = await newCoach(clientIp);
    for (const name of ['Ana', 'Ben', 'Cleo']) await coach.api.createClient(clientFields({ firstName: name }));
    await signIn(page, coach);
    await expect(clientList(page).locator(':scope > li')).toHaveCount(3);
    await page.getByRole('button', { name: 'Add Client', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Client' });
    await dialog.getByLabel('First name *').fill('Dana');
    await dialog.getByLabel('Last name *').fill('Fourth');
    await dialog.getByLabel('Email *').fill(uniqueEmail('fourth'));
    await dialog.getByLabel('Phone *').fill('+15555550177');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Free plan allows up to 3 clients');
    await expect(dialog.getByRole('link', { name: T.upgradeLink })).toHaveAttribute('href', '/settings?tab=billing');
    await shot(page, 'workspace-plan-limit');
    await expect(clientList(page).locator(':scope > li')).toHaveCount(3);
  });

  test('a second signed-in window sees a client edit arrive without reloading', async ({ page, browser, clientIp }) => {
    const coach = await newCoach(clientIp);
    const client = await coach.api.createClient(clientFields({ firstName: 'Lee', lastName: 'Park' }));
    await signIn(page, coach);

    const other = await browser.newContext({ baseURL: stack().baseUrl, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
    try {
      const watcher = await other.newPage();
      await signIn(watcher, coach);
      await clientRow(watcher, /Lee Park/).click();
      await expect(detail(watcher).getByRole('heading', { name: 'Lee Park' })).toBeVisible();
      // Live updates are on in both windows.
      await expect(watcher.getByText('Live', { exact: true })).toBeVisible();
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      let reloads = 0;
      watcher.on('load', () => (reloads += 1));

      await clientRow(page, /Lee Park/).click();
      await detail(page).getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Client' });
      await edit.getByLabel('First name').fill('Leigh');
      await edit.getByLabel('Phone').fill('5555550166');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();

      await expect(clientRow(watcher, /Leigh Park/)).toBeVisible({ timeout: 15_000 });
      await expect(detail(watcher).getByRole('heading', { name: 'Leigh Park' })).toBeVisible();
      await expect(detail(watcher)).toContainText('(555) 555-0166');
      expect(reloads).toBe(0);
      await shot(watcher, 'workspace-live-update');
      expect((await coach.api.getClient(client.id)).firstName).toBe('Leigh');
    } finally {
      await other.close();
    }
  });
});
