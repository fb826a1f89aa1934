'use client';

import { AccountSecurity } from './security/account-security';
import { ActiveSessions } from './security/active-sessions';
import { ChangePassword } from './security/change-password';
import { SecurityLog } from './security/security-log';
import { TwoFactor } from './security/two-factor';

/** Settings → Security (product §1.2): one card per section. */
export function SecurityTab() {
  return (
    <div className="space-y-6">
      <ChangePassword />
      <TwoFactor />
      <ActiveSessions />
      <SecurityLog />
      <AccountSecurity />
    </div>
  );
}
