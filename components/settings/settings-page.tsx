'use client';

import { useRef, type KeyboardEvent } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { cn } from '@/components/ui/cn';
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
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});

  const select = (id: TabId) => {
    router.replace(`/settings?tab=${id}`, { scroll: false });
    buttons.current[id]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === active);
    const next = e.key === 'ArrowRight' ? index + 1 : e.key === 'ArrowLeft' ? index - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    select(TABS[(next + TABS.length) % TABS.length]!.id);
  };

  const { Panel } = TABS.find((t) => t.id === active)!;
  return (
    <main>
      <h1 className="text-2xl font-semibold">Settings</h1>
      <div role="tablist" aria-label="Settings sections" className="mt-4 flex gap-1 overflow-x-auto border-b border-stone-200 dark:border-stone-800" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[t.id] = el;
            }}
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={active === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
              active === t.id ? 'border-brand-600 text-brand-700 dark:text-brand-300' : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`} className="mt-6" tabIndex={0}>
        <Panel />
      </section>
    </main>
  );
}
