'use client';

export function NotificationsTab() {
  return null;
}
