'use client';

import { Avatar } from '@/components/ui/avatar';
import { api } from '@/lib/api-client';
import type { ClientDto } from './types';

/**
 * The picture is read with the access cookie, which may hold an expired token: one failed load
 * asks the API (which refreshes the session and its cookie) and tries once more.
 */
async function retryPicture(src: string): Promise<string> {
  await api.get('/users/validate-token');
  return `${src}${src.includes('?') ? '&' : '?'}retry=${Date.now()}`;
}

export function ClientAvatar({ client, size = 'md', label }: { client: Pick<ClientDto, 'username' | 'profilePic'>; size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const src = client.profilePic;
  return <Avatar name={client.username} src={src} size={size} label={label} onLoadError={src ? () => retryPicture(src) : undefined} />;
}
