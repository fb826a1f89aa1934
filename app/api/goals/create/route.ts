import { NextResponse } from 'next/server';
import { createGoalSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { createGoal } from '@/server/services/goals';

export const POST = route({ auth: 'user', body: createGoalSchema }, async ({ user, body }) =>
  NextResponse.json({ success: true, goal: await createGoal(user, body) }, { status: 201 }),
);
