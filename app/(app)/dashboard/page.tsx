'use client';

import { useAuth } from '@/components/auth/auth-provider';

export default function DashboardPage() {
  const { user } = useAuth();
  return (
    <main>
      <h1 className="text-2xl font-semibold">Client Dashboard</h1>
      <p className="mt-2 text-stone-600">Welcome back, {user?.firstName || user?.username}.</p>
    </main>
  );
}
