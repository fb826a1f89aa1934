import { and, eq, sql } from 'drizzle-orm';
import { PROFILE_PIC_MAX_BYTES, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import type { ClientDto } from '@/lib/schemas/clients';
import { getDb } from '../db/client';
import { clients } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { fileStorage } from '../storage';
import { getOwnedClient, publishClient, type CoachRef } from './clients';

const IMAGE_SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { type: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The file's own bytes decide, never its name or the browser's claimed type. */
export function sniffImage(data: Buffer) {
  return IMAGE_SIGNATURES.find((s) => s.test(data)) ?? null;
}

/** Stores the picture and answers the client as it is now. */
export async function uploadProfilePicture(coach: CoachRef, clientId: string, file: File | null): Promise<ClientDto> {
  await getOwnedClient(coach.id, clientId);
  if (!file || typeof file === 'string') throw badRequest(V.imageOnly, [{ field: 'profilePic', message: V.imageOnly }]);
  if (file.size > PROFILE_PIC_MAX_BYTES) throw badRequest(V.imageTooLarge, [{ field: 'profilePic', message: V.imageTooLarge }]);
  const data = Buffer.from(await file.arrayBuffer());
  const image = sniffImage(data);
  if (!image) throw badRequest(V.imageOnly, [{ field: 'profilePic', message: V.imageOnly }]);
  const key = `clients/${clientId}.${image.ext}`;
  const previous = (await getOwnedClient(coach.id, clientId)).profilePic;
  await fileStorage().put(key, data);
  if (previous && previous !== key) await fileStorage().remove(previous);
  await getDb().update(clients).set({ profilePic: key, updatedAt: sql`now()` }).where(and(eq(clients.id, clientId), eq(clients.coachId, coach.id)));
  return publishClient(coach, clientId);
}

export async function readProfilePicture(coach: CoachRef, clientId: string) {
  const client = await getOwnedClient(coach.id, clientId);
  const data = client.profilePic ? await fileStorage().get(client.profilePic) : null;
  if (!client.profilePic || !data) throw notFound('Picture');
  return { data, type: sniffImage(data)?.type ?? 'application/octet-stream' };
}
