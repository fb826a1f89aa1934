'use client';

export function AppearanceTab() {
  return null;
}
