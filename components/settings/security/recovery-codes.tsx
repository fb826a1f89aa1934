'use client';

import { toast } from 'sonner';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

const FILE_NAME = 'cadence-recovery-codes.txt';

function codesText(codes: string[]): string {
  return [
    'Cadence two-factor recovery codes',
    `Generated ${new Date().toISOString()}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The ten recovery codes, shown once, with Copy and Download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy. Select the codes and copy them by hand.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <div role="alert" className="flex gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
        <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div>
          <h3 id="recovery-codes-title" className="font-semibold">
            Save your recovery codes now
          </h3>
          <p className="mt-1">
            If you lose your phone, a recovery code is the only way into your account. Each code works once. Store them somewhere safe, such as a password
            manager. They will not be shown again.
          </p>
        </div>
      </div>
      <ol className="grid max-w-md grid-cols-2 gap-2 rounded-lg border border-stone-200 bg-stone-50 p-4 font-mono text-sm dark:border-stone-700 dark:bg-stone-800/50" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden /> Copy
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          <Download className="h-4 w-4" aria-hidden /> Download (.txt)
        </Button>
        <Button type="button" onClick={onDone}>
          I&apos;ve saved my codes
        </Button>
      </div>
    </section>
  );
}
