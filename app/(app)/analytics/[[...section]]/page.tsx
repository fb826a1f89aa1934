import { Suspense } from 'react';
import { redirect } from 'next/navigation';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import type { SectionId } from '@/components/analytics/parts';
import { ANALYTICS } from '@/lib/constants';

export const metadata = { title: 'Analytics · Cadence' };

const SECTIONS = Object.keys(ANALYTICS.sections) as SectionId[];

/** /analytics and /analytics/overview show the overview; /analytics/{section} the others (product §2.2). */
export default async function Analytics({ params }: { params: Promise<{ section?: string[] }> }) {
  const { section } = await params;
  const id = section?.[0] ?? 'overview';
  if ((section?.length ?? 0) > 1 || !SECTIONS.includes(id as SectionId)) redirect('/analytics');
  return (
    <Suspense>
      <AnalyticsPage section={id as SectionId} />
    </Suspense>
  );
}
