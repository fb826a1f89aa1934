import { AlertCircle, Check, CheckCheck, Clock } from 'lucide-react';
import { DELIVERY_RANK, deliveryText } from '@/lib/delivery';
import type { Delivery } from '@/lib/schemas/thread';
import { cn } from '@/components/ui/cn';

/**
 * What the provider said became of an outgoing message (decision 0085): an icon and words, so the
 * colour never carries the meaning alone. `label` names the message for a screen reader.
 */
export function DeliveryNote({ delivery, label, className }: { delivery: Delivery; label?: string; className?: string }) {
  const bad = DELIVERY_RANK[delivery.status] === 3;
  const Icon = bad ? AlertCircle : delivery.status === 'delivered' ? CheckCheck : delivery.status === 'delayed' ? Clock : Check;
  return (
    <span
      data-testid="delivery-status"
      data-status={delivery.status}
      className={cn('inline-flex items-center gap-1 text-xs', bad ? 'text-red-700 dark:text-red-300' : 'text-stone-500 dark:text-stone-400', className)}
    >
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {label && <span className="sr-only">{label}: </span>}
      {deliveryText(delivery.status, delivery.reason)}
    </span>
  );
}
