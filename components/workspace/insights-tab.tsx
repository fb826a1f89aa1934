'use client';

import { CheckInHistory } from './check-in-history';
import { ClientOverview } from './client-overview';
import { ExecutiveSummaries } from './executive-summaries';
import { ScheduleEditor } from './schedule-editor';
import type { ClientDto } from './types';

/** Insights: schedule editor, Client Overview, Check-in History and Executive Summaries (product §2.2). */
export function InsightsTab({ client }: { client: ClientDto }) {
  return (
    <div className="space-y-5">
      <ScheduleEditor client={client} />
      <ClientOverview client={client} />
      <CheckInHistory clientId={client.id} upcoming={client.upcomingCheckIns} client={client} />
      <ExecutiveSummaries clientId={client.id} />
    </div>
  );
}
