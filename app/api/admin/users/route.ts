import { NextResponse } from 'next/server';
import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { createAdminSchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { createAdmin } from '@/server/services/admin-accounts';

export const POST = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.manageAdmins, body: createAdminSchema }, async ({ user, body, info }) =>
  NextResponse.json(await createAdmin(user, body, info), { status: 201 }),
);
