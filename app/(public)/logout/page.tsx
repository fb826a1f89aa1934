'use client';

import { useEffect } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { VerifyingScreen } from '@/components/auth/protected';

export default function LogoutPage() {
  const { logout } = useAuth();
  useEffect(() => {
    void logout();
  }, [logout]);
  return <VerifyingScreen />;
}
