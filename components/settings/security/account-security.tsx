import { Card } from '@/components/ui/card';
import { DataExport } from './data-export';
import { DeleteAccount } from './delete-account';

/** Settings → Security → Account Security: data export and account deletion. */
export function AccountSecurity() {
  return (
    <Card title="Account Security" description="Take a copy of your data, or close your account.">
      <div className="divide-y divide-stone-200 dark:divide-stone-800 [&>*]:py-5 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
        <DataExport />
        <DeleteAccount />
      </div>
    </Card>
  );
}
