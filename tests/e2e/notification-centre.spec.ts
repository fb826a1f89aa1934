import path from 'node:path';
import type { Page } from '@playwright/test';
import { TEST_NOTIFICATION_TEXT } from '../../lib/constants';
import { type Coach, expect, newCoach, reviewShot, saveTheme, signIn, test } from './fixtures';

/** Screenshots a human looks at (the task's review folder), beside the run's own. */
const SHOTS = 'push';

async function review(page: Page, name: string): Promise<void> {
  await reviewShot(page, path.join(SHOTS, `${name}.png`));
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

async function toastsGone(page: Page): Promise<void> {
  await page.mouse.move(10, 600);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

async function notify(coach: Coach, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await coach.api.call('POST', '/users/test-notification', { channel: 'inApp' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

test('the bell counts unread notifications, lists them, takes new ones live, and marks one or all read', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  await notify(coach, 2);
  await signIn(page, coach);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: /Test notification/ })).toHaveCount(2);
  await expect(panel.getByText(TEST_NOTIFICATION_TEXT).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell(page)).toBeFocused();

  // Created through the API while the page is open: the count rises without a reload.
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await notify(coach);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  // The arrival's toast sits over the header's right end for a few seconds (top-right toaster),
  // and stays while the pointer rests on it.
  await toastsGone(page);

  // Opening one marks it read and goes to its screen.
  await bell(page).click();
  await panel.getByRole('button', { name: /Test notification/ }).first().click();
  await expect(page).toHaveURL(/\/settings\?tab=notifications$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  await bell(page).click();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  await page.keyboard.press('Escape');

  // Read elsewhere (another tab, another device): the server's message-read updates this one.
  await notify(coach);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  expect((await coach.api.call('POST', '/notifications/read-all')).status).toBe(200);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
});

test('the bell shows an empty state, and its panel at 1280 and 390 px, light and dark', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  await signIn(page, coach);
  await bell(page).click();
  await expect(page.getByText('No notifications yet. You are all caught up.')).toBeVisible();
  await page.keyboard.press('Escape');
  await notify(coach, 3);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  for (const theme of ['light', 'dark'] as const) {
    await saveTheme(coach.api, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/dashboard');
      await bell(page).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await expect(panel.getByRole('button', { name: /Test notification/ })).toHaveCount(3);
      const box = await panel.boundingBox();
      // A full-width sheet at phone width (less a scrollbar, where the page has one).
      if (width === 390) expect(box!.width).toBeGreaterThan(370);
      await review(page, `bell-${width}-${theme}`);
    }
  }
});

/**
 * Chromium here cannot reach a push service, so PushManager is stubbed in the page: subscribe()
 * answers a subscription as a browser would, and the app stores and lists it.
 */
async function stubPush(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Kept across reloads, as a browser keeps its subscription.
    const KEY = 'stub-push-endpoint';
    const make = (endpoint: string) =>
      ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${'E'.repeat(86)}`, auth: 'F'.repeat(22) } }),
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      if (!options?.applicationServerKey) throw new Error('no applicationServerKey');
      const endpoint = `https://push.example.test/send/${crypto.randomUUID()}`;
      sessionStorage.setItem(KEY, endpoint);
      return make(endpoint);
    };
    PushManager.prototype.getSubscription = async () => {
      const endpoint = sessionStorage.getItem(KEY);
      return endpoint ? make(endpoint) : null;
    };
    Notification.requestPermission = async () => 'granted';
  });
}

test('Settings → Push on this device subscribes this browser, lists it, and removes it', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  await stubPush(page);
  await signIn(page, coach);
  await page.goto('/settings?tab=notifications');
  const push = page.getByRole('region', { name: 'Push on this device' });
  await expect(push.getByText('No device gets push notifications yet.')).toBeVisible();
  await push.getByRole('button', { name: 'Enable on this device' }).click();
  const devices = push.getByRole('list', { name: 'Subscribed devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByText('This device', { exact: true })).toBeVisible();
  await expect(devices).toContainText(/Chrom(e|ium)( Headless)? \d+ on Linux/);
  const stored = await coach.api.call<{ devices: { endpoint: string }[] }>('GET', '/push/subscriptions');
  expect(stored.body.devices.map((d) => d.endpoint)).toEqual([expect.stringMatching(/^https:\/\/push\.example\.test\/send\//)]);

  for (const theme of ['light', 'dark'] as const) {
    await saveTheme(coach.api, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/settings?tab=notifications');
      await expect(push.getByText('This device', { exact: true })).toBeVisible();
      await push.scrollIntoViewIfNeeded();
      await review(page, `push-settings-${width}-${theme}`);
    }
  }

  await push.getByRole('button', { name: 'Disable on this device' }).click();
  await expect(push.getByText('No device gets push notifications yet.')).toBeVisible();
  expect((await coach.api.call<{ devices: unknown[] }>('GET', '/push/subscriptions')).body.devices).toEqual([]);
});
