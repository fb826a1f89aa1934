import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { WORKSPACE_TOAST_MS } from '@/lib/constants';

/** Coach workspace toasts (product §2.8-§2.9): the server's message when it sent one, else the fallback. */
export function notifyError(error: unknown, fallback: string): void {
  toast.error(errorMessage(error, fallback), { duration: WORKSPACE_TOAST_MS + 2000 });
}

export function notifySuccess(message: string): void {
  toast.success(message, { duration: WORKSPACE_TOAST_MS });
}
