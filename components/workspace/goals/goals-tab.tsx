'use client';

import type { ClientDto } from '@/server/services/clients';

/** The Goals tab of the client detail (spec 02 §2). */
export function GoalsTab({ client }: { client: ClientDto }) {
  return <p className="text-sm text-stone-500">Goals of {client.firstName}</p>;
}
