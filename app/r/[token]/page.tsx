import { ReplyPageView } from '@/components/reply-page/reply-page';

export const metadata = { title: 'Your check-in · Cadence', robots: { index: false, follow: false } };

/** A check-in's one-tap reply page (decision 0083): public, no app chrome; the token is the only key. */
export default async function ReplyPageRoute({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <ReplyPageView token={token} />;
}
