import { redirect } from 'next/navigation';

/** The proxy normally answers / first; this is the fallback for a visitor. */
export default function Home() {
  redirect('/login');
}
