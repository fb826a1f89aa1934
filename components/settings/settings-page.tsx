'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { Tabs } from '@/components/ui/tabs';
import { AppearanceTab } from './appearance-tab';
import { BillingTab } from './billing-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const TABS = [
  { id: 'profile', label: 'Profile', Panel: ProfileTab },
  { id: 'security', label: 'Security', Panel: SecurityTab },
  { id: 'billing', label: 'Billing', Panel: BillingTab },
  { id: 'notifications', label: 'Notifications', Panel: NotificationsTab },
  { id: 'appearance', label: 'Appearance', Panel: AppearanceTab },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** Five tabs, deep-linkable as /settings?tab=security, keyboard-operable as a WAI-ARIA tab list. */
export function SettingsPage() {
  const router = useRouter();
  const params = useSearchParams();
  const requested = params.get('tab');
  const active: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'profile';
  const { Panel } = TABS.find((t) => t.id === active)!;
  return (
    <main>
      <h1 className="text-2xl font-semibold">Settings</h1>
      <Tabs label="Settings sections" tabs={TABS} active={active} onChange={(id) => router.replace(`/settings?tab=${id}`, { scroll: false })} className="mt-4">
        <Panel />
      </Tabs>
    </main>
  );
}
