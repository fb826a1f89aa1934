import { UnsubscribePage } from '@/components/unsubscribe/unsubscribe-page';

export const metadata = { title: 'Unsubscribe · Cadence', robots: { index: false, follow: false } };

/** An e-mail's unsubscribe page (RFC 8058 links, decision 0092): public; the token is the only key. */
export default async function UnsubscribeRoute({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <UnsubscribePage token={token} />;
}
