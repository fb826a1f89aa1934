import * as contract from '@/lib/contract/clients';
import { readLimitedBytes } from '@/server/http/body';
import { badRequest } from '@/server/http/errors';
import { route } from '@/server/http/route';
import { readProfilePicture, uploadProfilePicture } from '@/server/services/profile-pictures';
import { PROFILE_PIC_MAX_BYTES, WORKSPACE_VALIDATION } from '@/lib/constants';

/** Room for the multipart boundaries and headers around the picture itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const POST = route(contract.uploadProfilePicture, async ({ req, user, params }) => {
  const tooLarge = () => badRequest(WORKSPACE_VALIDATION.imageTooLarge, [{ field: 'profilePic', message: WORKSPACE_VALIDATION.imageTooLarge }]);
  const body = await readLimitedBytes(req, PROFILE_PIC_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, tooLarge);
  const multipart = new Response(new Uint8Array(body), { headers: { 'Content-Type': req.headers.get('content-type') ?? '' } });
  const form = await multipart.formData().catch(() => {
    throw badRequest(WORKSPACE_VALIDATION.imageOnly, [{ field: 'profilePic', message: WORKSPACE_VALIDATION.imageOnly }]);
  });
  const file = form.get('profilePic');
  return { success: true, client: await uploadProfilePicture(user, params.id, file instanceof File ? file : null) };
});

export const GET = route(contract.readProfilePicture, async ({ user, params }) => {
  const picture = await readProfilePicture(user, params.id);
  return new Response(new Uint8Array(picture.data), { headers: { 'Content-Type': picture.type, 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' } });
});
