'use client';

export function SecurityTab() {
  return null;
}
