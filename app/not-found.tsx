import { redirect } from 'next/navigation';

/** Any other path is redirected as / (product §1.2); the proxy sends / on by role. */
export default function NotFound() {
  redirect('/');
}
