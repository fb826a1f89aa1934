import { WORKSPACE_GOAL_TOASTS as T, WORKSPACE_TOASTS } from '@/lib/constants';
import { expectAxeClean } from './axe-audit';
import { db, dialogTitled, expect, newClient, newCoach, openClientTab, reviewShot, saveTheme, SCREEN_VARIANTS, shot, signIn, test, toast } from './fixtures';

/**
 * "Generate milestones" on a goal card (issue 16 item 6; product §2.8): the AI's proposal is shown
 * first and nothing is saved; Add keeps the goal's milestones, Replace asks and then drops those not
 * done yet (a done one stays, and the next proposal starts after it);
 * a refused call (the plan's AI interactions used up) shows 'Failed to generate milestones' with the
 * upgrade hint; completed goals cannot generate. The test stack runs the built-in AI writer.
 */
test('a coach generates milestones for a goal, adds them, then replaces them', async ({ page, clientIp }) => {
  test.setTimeout(180_000);
  const coach = await newCoach(clientIp);
  const client = await newClient(coach.api, { goalTitle: 'Run 100 km', goalType: 'progress', metric: 'km', targetValue: 100 });
  const goalId = client.goals[0]!.id;
  const own = await coach.api.call('PATCH', `/goals/${goalId}`, { milestones: [{ title: 'Buy running shoes', completed: true }] });
  expect(own.status, JSON.stringify(own.body)).toBe(200);
  const milestonesOnServer = async () =>
    (await coach.api.call<{ goals: { id: string; milestones: { title: string }[] }[] }>('GET', `/dashboard/client-goals/${client.id}`)).body.goals
      .find((g) => g.id === goalId)!
      .milestones.map((m) => m.title);

  await signIn(page, coach);
  await openClientTab(page, client.name, 'Goals');
  const card = page.getByRole('article', { name: 'Run 100 km' });
  await card.getByRole('button', { name: 'Run 100 km' }).click();
  const proposal = ['Reach 25 km', 'Reach 50 km', 'Reach 75 km', 'Reach 100 km'];

  await test.step('the proposal is shown and nothing is saved yet', async () => {
    await card.getByRole('button', { name: 'Generate milestones' }).click();
    const dialog = dialogTitled(page, 'Generate milestones');
    const list = dialog.getByRole('list', { name: 'Proposed milestones' });
    await expect(list.getByRole('listitem')).toHaveCount(4);
    for (const title of proposal) await expect(list.getByText(title, { exact: true })).toBeVisible();
    await expect(list.getByRole('listitem').first()).toContainText('A strong start: 25% of "Run 100 km".');
    await expect(list.getByRole('listitem').first()).toContainText('Target 25 km · 25% of the goal');
    await shot(page, 'generate-milestones-preview');
    expect(await milestonesOnServer()).toEqual(['Buy running shoes']);

    await dialog.getByRole('button', { name: 'Add to milestones' }).click();
    await expect(toast(page, T.milestonesAdded)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('checkbox')).toHaveCount(5);
    await expect(card.getByRole('checkbox', { name: 'Buy running shoes' })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'Reach 50 km' })).toBeVisible();
    expect(await milestonesOnServer()).toEqual(['Buy running shoes', ...proposal]);
  });

  await test.step('Replace asks first, then the proposal takes the place of the milestones not done yet', async () => {
    await card.getByRole('button', { name: 'Generate milestones' }).click();
    const dialog = dialogTitled(page, 'Generate milestones');
    await expect(dialog.getByRole('list', { name: 'Proposed milestones' }).getByRole('listitem')).toHaveCount(4);
    await dialog.getByRole('button', { name: 'Replace milestones' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the milestones?' });
    await expect(confirm).toContainText('The 4 milestones still ahead on Run 100 km are removed, and the 4 proposed ones take their place. The done one stays.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await milestonesOnServer()).toHaveLength(5);
    await dialog.getByRole('button', { name: 'Replace milestones' }).click();
    await confirm.getByRole('button', { name: 'Replace milestones' }).click();
    await expect(toast(page, T.milestonesReplaced)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('checkbox')).toHaveCount(5);
    await expect(card.getByRole('checkbox', { name: 'Buy running shoes' })).toBeChecked();
    expect(await milestonesOnServer()).toEqual(['Buy running shoes', ...proposal]);
  });

  await test.step('once a milestone is done, the next proposal starts after it', async () => {
    // The tick shows at once; the proposal is asked for once the server has it.
    const ticked = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/goals/${goalId}`));
    await card.getByRole('checkbox', { name: 'Reach 25 km' }).check();
    expect((await ticked).status()).toBe(200);
    await expect(card.getByRole('checkbox', { name: 'Reach 25 km' })).toBeChecked();
    await card.getByRole('button', { name: 'Generate milestones' }).click();
    const dialog = dialogTitled(page, 'Generate milestones');
    const list = dialog.getByRole('list', { name: 'Proposed milestones' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByText('Reach 25 km', { exact: true })).toHaveCount(0);
    await expect(list.getByRole('listitem').first()).toContainText('Reach 50 km');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('with the AI interactions used up the call fails with the upgrade hint', async () => {
    // The free plan's 20 a month, used by other calls this month.
    const sql = db();
    try {
      await sql`insert into api_usage (user_id, service, operation, status, status_code, response_ms, cost_usd)
        select ${coach.id}, 'ai', 'checkin.compose', 'success', 200, 1, 0 from generate_series(1, 20)`;
    } finally {
      await sql.end();
    }
    await card.getByRole('button', { name: 'Generate milestones' }).click();
    const dialog = dialogTitled(page, 'Generate milestones');
    const failure = dialog.getByRole('alert');
    await expect(failure).toContainText(T.generateMilestonesFailed);
    await expect(failure.getByRole('link', { name: WORKSPACE_TOASTS.upgradeLink })).toHaveAttribute('href', '/settings?tab=billing');
    await expect(dialog.getByRole('button', { name: 'Add to milestones' })).toBeDisabled();
    await shot(page, 'generate-milestones-failed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await milestonesOnServer()).toEqual(['Buy running shoes', ...proposal]);
  });

  await test.step('a completed goal cannot generate milestones', async () => {
    expect((await coach.api.call('PUT', `/goals/${goalId}/complete`)).status).toBe(200);
    await page.getByRole('button', { name: 'Show Archived Goals' }).click();
    const archived = page.getByRole('article', { name: 'Run 100 km' });
    await archived.getByRole('button', { name: 'Run 100 km' }).click();
    await expect(archived.getByRole('button', { name: 'Generate milestones' })).toBeDisabled();
  });
});

for (const { theme, width } of SCREEN_VARIANTS) {
  test(`the milestone proposal at ${width} px (${theme})`, async ({ page, clientIp }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const coach = await newCoach(clientIp);
    await saveTheme(coach.api, theme);
    const client = await newClient(coach.api, { goalTitle: 'Read 12 books this year', goalType: 'progress', metric: 'books', targetValue: 12 });
    await signIn(page, coach);
    await openClientTab(page, client.name, 'Goals');
    const card = page.getByRole('article', { name: 'Read 12 books this year' });
    await card.getByRole('button', { name: 'Read 12 books this year' }).click();
    await card.getByRole('button', { name: 'Generate milestones' }).click();
    const dialog = dialogTitled(page, 'Generate milestones');
    await expect(dialog.getByRole('list', { name: 'Proposed milestones' }).getByRole('listitem')).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await reviewShot(page, `generate-milestones-${width}-${theme}.png`);
    if (width > 500) await expectAxeClean(page, `Generate milestones dialog (${theme})`, theme);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await reviewShot(page, `goal-card-actions-${width}-${theme}.png`, { fullPage: true });
  });
}
