import { NextResponse } from 'next/server';
import { registerSchema } from '@/lib/schemas/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const POST = route({ auth: 'public', body: registerSchema }, async ({ body, info }) =>
  NextResponse.json(await auth.register(body, info), { status: 201 }),
);
