import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** What a theme can change; the dark run checks only these (as accessibility.spec does). */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/** No serious or critical WCAG 2.1 A/AA violation on the screen as it is now (a soft failure listing them). */
export async function expectAxeClean(page: Page, screen: string, theme: 'light' | 'dark'): Promise<void> {
  const axe = new AxeBuilder({ page }).withTags(WCAG);
  const { violations } = await (theme === 'dark' ? axe.withRules(THEME_RULES) : axe).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    at ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n')}`);
  expect.soft(serious.length, `axe on ${screen}:\n  ${serious.join('\n  ')}`).toBe(0);
}
