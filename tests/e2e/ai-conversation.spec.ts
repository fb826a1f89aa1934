import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { db, expect, newClient, newCoach, saveTheme, SCREEN_VARIANTS, shot, signIn, test, toast } from './fixtures';

/**
 * What the coach sees of the AI's reading of a reply: every goal a reply moved, from → to, in the
 * check-in history, each numeric change undoable in one click (decision 0082); and the signature
 * choice for AI messages in Settings (issue 16).
 */

const history = (page: Page) => page.getByRole('list', { name: 'Check-ins', exact: true });

for (const { theme, width } of SCREEN_VARIANTS) {
  test(`the history shows each goal a reply moved, and the coach chooses the signature (${theme}, ${width} px)`, async ({ page, clientIp }) => {
    await page.setViewportSize({ width, height: 900 });
    const coach = await newCoach(clientIp);
    await saveTheme(coach.api, theme);
    const client = await newClient(coach.api, { firstName: 'Quinn', lastName: 'Harper', goalTitle: 'Walk 10,000 steps a day', goalType: 'progress', metric: 'steps', targetValue: 10000 });
    const sql = db();
    try {
      // The steps goal is real and stands where the reply put it, so its change can be undone.
      const [steps] = await sql<{ id: string }[]>`
        update goals set current_value = 6500, progress = 65 where client_id = ${client.id} and title = 'Walk 10,000 steps a day' returning id`;
      await sql`
        insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for, sent_at, responded_at, ai_message, client_response, ai_response,
          coach_summary, insights, motivation, engagement_assessment, progress_updates, source)
        values (${coach.id}, ${client.id}, true, 'completed', now() - interval '2 hours', now() - interval '2 hours', now() - interval '1 hour',
          'Hi Quinn! Where things stand: 4,200 of your 10,000 steps and "Book a physio appointment" still open. How did each of these go since we last spoke?',
          'Walked 6500 steps today and meditated twice. Still need to book physio.',
          'Thanks, Quinn! That''s 6,500 of your 10,000 steps now. Next step: book physio.',
          'Walk 10,000 steps a day: 4,200 → 6,500 steps. Meditate 30 sessions: 3 → 5 sessions. Blocked: still has to book physio.',
          ${sql.json(['Moved 2 of 3 goals in one reply.', 'Blocker to clear: book physio.'])}, 'medium', 'great',
          ${sql.json([
            { goalId: steps!.id, title: 'Walk 10,000 steps a day', from: 4200, to: 6500, unit: 'steps', completed: false },
            { goalId: randomUUID(), title: 'Meditate 30 sessions', from: 3, to: 5, unit: 'sessions', completed: false },
            { goalId: randomUUID(), title: 'Save $1,000', from: 250, to: 400, unit: '$', completed: false },
            { goalId: randomUUID(), title: 'Save for a bike', from: 250, to: 400, unit: 'gbp', completed: false },
            { goalId: randomUUID(), title: 'Holiday fund', from: 1200, to: 1450.5, unit: 'euros', completed: false },
          ])}, 'manual')`;
    } finally {
      await sql.end();
    }

    await signIn(page, coach);
    await page.goto('/dashboard');
    await page.getByRole('button').getByText('Quinn Harper', { exact: true }).first().click();
    const item = history(page).getByRole('listitem').first();
    await item.getByRole('button', { expanded: false }).click();
    const progress = item.getByRole('definition').filter({ hasText: '→' }).first();
    await expect(progress).toContainText('Walk 10,000 steps a day: 4,200 → 6,500 steps');
    await expect(progress).toContainText('Meditate 30 sessions: 3 → 5 sessions');
    await expect(progress).toContainText('Save $1,000: $250 → $400');
    await expect(progress).toContainText('Save for a bike: £250 → £400');
    await expect(progress).toContainText('Holiday fund: €1,200 → €1,450.5');
    await item.scrollIntoViewIfNeeded();
    await shot(page, `ai-history-progress-${theme}-${width}`);

    // A goal gone since: the server's message, nothing marked.
    await progress.getByRole('button', { name: 'Undo the change to Meditate 30 sessions' }).click();
    await expect(toast(page, 'Goal not found')).toBeVisible();
    // Keyboard: the steps change is undone in one step, and the line says so.
    const undoSteps = progress.getByRole('button', { name: 'Undo the change to Walk 10,000 steps a day' });
    await undoSteps.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Walk 10,000 steps a day back to 4,200 steps')).toBeVisible();
    await expect(undoSteps).toHaveCount(0);
    await expect(progress.getByRole('listitem').filter({ hasText: 'Walk 10,000 steps a day' })).toContainText('undone');
    await expect(progress.getByRole('button', { name: 'Undo the change to Save for a bike' })).toBeVisible();
    await shot(page, `ai-history-undone-${theme}-${width}`);
    await page.getByRole('tab', { name: 'Goals' }).click();
    await expect(page.getByText('4,200 / 10,000 steps')).toBeVisible();

    await page.goto('/settings?tab=profile');
    const survey = page.getByRole('region', { name: 'Your Coaching Approach' });
    const signature = survey.getByLabel('Sign AI messages to clients as');
    await expect(signature).toHaveValue('assistant');
    await expect(survey.getByText(`— ${coach.firstName}'s assistant`)).toBeVisible();
    await signature.selectOption('coach');
    await expect(toast(page, /updated/i)).toBeVisible();
    await expect(survey.getByText(`— ${coach.firstName} (via Cadence)`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your Coaching Approach' }).getByLabel('Sign AI messages to clients as')).toHaveValue('coach');
    await signature.scrollIntoViewIfNeeded();
    await shot(page, `ai-signature-${theme}-${width}`);
    await page.getByRole('region', { name: 'Your Coaching Approach' }).getByLabel('Sign AI messages to clients as').selectOption('none');
    await expect(page.getByText('Messages are not signed.')).toBeVisible();
  });
}
