'use client';

export function ProfileTab() {
  return null;
}
