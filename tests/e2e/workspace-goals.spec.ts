import { dialogTitled, expect, newClient, newCoach, openClientTab, shot, signIn, test } from './fixtures';

/**
 * The Goals tab of the client detail (product §2.2, §2.4, §2.5, §2.8, §2.9): add a goal, adjust its progress
 * (and see a failed save put the old value back), add a milestone, edit with a change note and find
 * it in the version history, edit the goal's own check-in schedule, complete (archives) and
 * un-archive, delete.
 */
test('a coach manages a client goal from the Goals tab', async ({ page, clientIp }) => {
  test.setTimeout(180_000);
  const coach = await newCoach(clientIp);
  const target = await newClient(coach.api);
  await signIn(page, coach);
  await openClientTab(page, target.name, 'Goals');
  const tab = page.getByRole('region', { name: `Goals of ${target.firstName}` });
  await expect(tab.getByText('No active goals yet — add the first one')).toBeVisible();

  const card = tab.getByRole('article', { name: 'Run 100 km' });

  await test.step('add a goal, with the validation messages of Goal add', async () => {
    await tab.getByRole('button', { name: 'Add Goal' }).first().click();
    const form = tab.getByRole('form', { name: 'New goal' });
    await form.getByRole('button', { name: 'Add Goal' }).click();
    await expect(form.getByText('Goal title is required')).toBeVisible();
    await expect(form.getByText('Goal type is required')).toBeVisible();
    await form.getByLabel('Title').fill('Run 100 km');
    await form.getByLabel('Type').selectOption({ label: 'Numeric target' });
    await form.getByRole('button', { name: 'Add Goal' }).click();
    await expect(form.getByText('Target is required for numeric and habit goals')).toBeVisible();
    await shot(page, 'goals-add-errors');
    await form.getByLabel('Target').fill('100');
    await form.getByLabel('Unit (optional)').fill('km');
    await form.getByLabel('Description (optional)').fill('Build up to a steady weekly distance.');
    await form.getByRole('button', { name: 'Add Goal' }).click();
    await expect(page.getByText('Goal added')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(card).toBeVisible();
    await expect(card.getByText('Numeric target')).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(card).toContainText('0 / 100 km');
  });

  await test.step('expand the card', async () => {
    const toggle = card.getByRole('button', { name: 'Run 100 km' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByText('Build up to a steady weekly distance.')).toBeVisible();
    await expect(card.getByRole('heading', { name: "This week's check-ins" })).toBeVisible();
    await expect(card.getByText('No milestones yet.')).toBeVisible();
  });

  await test.step('adjust progress; a failed save restores the previous value', async () => {
    await card.getByRole('button', { name: 'Adjust progress' }).click();
    const dialog = dialogTitled(page, 'Adjust progress: Run 100 km');
    await dialog.getByLabel('Current value (km)').fill('40');
    await expect(dialog.getByText('40% of target')).toBeVisible();
    await dialog.getByLabel('Note (optional)').fill('Long run on Sunday');
    await shot(page, 'goals-progress-overlay');
    await dialog.getByRole('button', { name: 'Save progress' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await expect(page.getByText('Progress updated')).toBeVisible();

    await page.route('**/api/goals/*/progress', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await card.getByRole('button', { name: 'Adjust progress' }).click();
    await dialog.getByLabel('Current value (km)').fill('90');
    await dialog.getByRole('button', { name: 'Save progress' }).click();
    await expect(page.getByText('Error updating goal progress')).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await expect(card).toContainText('40 / 100 km');
    await page.unroute('**/api/goals/*/progress');
  });

  await test.step('add a milestone (target defaults to 25 % of the goal) and tick it', async () => {
    await card.getByRole('button', { name: 'Add milestone' }).click();
    const form = card.getByRole('form', { name: 'Add milestone' });
    await expect(form.getByLabel('Target (km)')).toHaveValue('25');
    await form.getByLabel('Milestone', { exact: true }).fill('First 25 km');
    await form.getByRole('button', { name: 'Add milestone' }).click();
    const milestone = card.getByRole('checkbox', { name: 'First 25 km' });
    await expect(milestone).toBeVisible();
    await expect(card.getByText('Target 25 km (25%)')).toBeVisible();
    await milestone.check();
    await expect(milestone).toBeChecked();
    await expect(card.getByText('(1 of 1 done)')).toBeVisible();
  });

  await test.step('edit the target with a change note, then find it in the version history', async () => {
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = card.getByRole('form', { name: 'Edit goal' });
    await form.getByLabel('Target').fill('0');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Please enter a valid target value greater than 0')).toBeVisible();
    await form.getByLabel('Target').fill('120');
    await form.getByLabel('Change note').fill('Raised the target after a strong month');
    await shot(page, 'goals-edit');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(card).toContainText('40 / 120 km');

    await card.getByRole('button', { name: 'Version history' }).click();
    const dialog = dialogTitled(page, 'Version history: Run 100 km');
    const versions = dialog.getByRole('listitem');
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText('Raised the target after a strong month');
    await expect(versions.first().locator('mark')).toContainText('120');
    await expect(versions.last()).toContainText('Goal created');
    await shot(page, 'goals-version-history');
    // The footer button (the Modal may also carry a close icon of the same name).
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
  });

  await test.step("edit the goal's own check-in schedule", async () => {
    await card.getByRole('button', { name: 'Check-in schedule' }).click();
    const dialog = dialogTitled(page, 'Check-in schedule: Run 100 km');
    await dialog.getByLabel('Day', { exact: true }).selectOption({ label: 'Wednesday' });
    await dialog.getByLabel('Time', { exact: true }).fill('18:30');
    await dialog.getByRole('button', { name: 'Add check-in' }).click();
    await expect(dialog.getByRole('button', { name: 'Remove the 6:30 PM check-in on Wednesday' })).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Check-ins on Wednesday' })).toHaveAttribute('aria-checked', 'true');

    await dialog.getByLabel('Day', { exact: true }).selectOption({ label: 'Friday' });
    await dialog.getByLabel('Time', { exact: true }).fill('07:00');
    await dialog.getByRole('button', { name: 'Add check-in' }).click();
    const friday = dialog.getByRole('switch', { name: 'Check-ins on Friday' });
    await expect(friday).toHaveAttribute('aria-checked', 'true');
    await friday.click();
    await expect(friday).toHaveAttribute('aria-checked', 'false');
    await shot(page, 'goals-schedule');
    await dialog.getByRole('button', { name: 'Remove the 7:00 AM check-in on Friday' }).click();
    await expect(friday).toBeDisabled();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Wed 6:30 PM')).toBeVisible();

    const answer = await coach.api.call<{ goals: { title: string; checkInSchedule: Record<string, { time: string; enabled: boolean }[]> }[] }>(
      'GET',
      `/dashboard/client-goals/${target.id}`,
    );
    const schedule = answer.body.goals.find((g) => g.title === 'Run 100 km')?.checkInSchedule;
    expect(schedule?.['2']).toEqual([expect.objectContaining({ time: '18:30', enabled: true })]);
    expect(schedule?.['4']).toBeUndefined();
  });

  await test.step('complete the goal (it moves to the archived goals) and un-archive it', async () => {
    await shot(page, 'goals-expanded');
    await card.getByRole('button', { name: 'Complete', exact: true }).click();
    const dialog = dialogTitled(page, 'Complete this goal?');
    await dialog.getByRole('button', { name: 'Complete goal' }).click();
    await expect(page.getByText('Goal completed and archived')).toBeVisible();
    await expect(tab.getByText('No active goals yet — add the first one')).toBeVisible();

    await tab.getByRole('button', { name: 'Show Archived Goals' }).click();
    await expect(tab.getByRole('heading', { name: 'Archived goals' })).toBeVisible();
    await expect(card).toBeVisible();
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Run 100 km' }).click();
    await shot(page, 'goals-archived');
    await card.getByRole('button', { name: 'Un-archive' }).click();
    await expect(page.getByText('Goal restored to active goals')).toBeVisible();
    await expect(tab.getByText('No archived goals')).toBeVisible();

    await tab.getByRole('button', { name: 'Show Active Goals' }).click();
    await expect(card).toBeVisible();
    await expect(card.getByText('In progress')).toBeVisible();
    await expect(card).toContainText('40 / 120 km');
  });

  await test.step('delete the goal', async () => {
    await card.getByRole('button', { name: 'Run 100 km' }).click();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = dialogTitled(page, 'Delete this goal?');
    await dialog.getByRole('button', { name: 'Delete goal' }).click();
    await expect(page.getByText('Goal deleted')).toBeVisible();
    await expect(card).toBeHidden();
    await expect(tab.getByText('No active goals yet — add the first one')).toBeVisible();
  });
});
