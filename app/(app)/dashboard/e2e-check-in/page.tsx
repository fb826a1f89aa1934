import { notFound } from 'next/navigation';
import { CheckInLoopHarness } from './harness';

export const dynamic = 'force-dynamic';

/**
 * Test-only: the send-check-in button and the latest check-in of one client, live, for the browser
 * test of the check-in loop until the coach dashboard places the button. Shows the not-found page
 * unless the server runs with E2E_HARNESS=1 (the browser-test stack only).
 */
export default async function CheckInHarnessPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (process.env.E2E_HARNESS !== '1') notFound();
  const params = await searchParams;
  const clientId = typeof params.clientId === 'string' ? params.clientId : '';
  const goalId = typeof params.goalId === 'string' ? params.goalId : undefined;
  return <CheckInLoopHarness clientId={clientId} goalId={goalId} />;
}
