import { NextResponse } from 'next/server';
import { createClientSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const GET = route({ auth: 'user' }, async ({ user }) => ({ clients: await clients.listClients(user, { archived: false }) }));

export const POST = route({ auth: 'user', body: createClientSchema }, async ({ user, body }) =>
  NextResponse.json({ success: true, client: await clients.createClient(user, body) }, { status: 201 }),
);
