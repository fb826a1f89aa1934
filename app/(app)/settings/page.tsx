import { Suspense } from 'react';
import { SettingsPage } from '@/components/settings/settings-page';

export const metadata = { title: 'Settings · Cadence' };

export default function Settings() {
  return (
    <Suspense>
      <SettingsPage />
    </Suspense>
  );
}
