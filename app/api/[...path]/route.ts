import { NextResponse } from 'next/server';
import type { ErrorBody } from '@/lib/contract/common';
import { API_ERRORS } from '@/lib/constants';

/**
 * An /api path no endpoint serves answers in the API's error shape. Without this, Next rendered the
 * pages' not-found, which redirects to / (product §1.2 is about pages): a client's POST was replayed
 * against the home page and got HTML. Every endpoint's own route is more specific, so it wins.
 */
function noEndpoint(): NextResponse<ErrorBody> {
  return NextResponse.json({ error: 'NOT_FOUND', message: API_ERRORS.noEndpoint }, { status: 404 });
}

export { noEndpoint as GET, noEndpoint as POST, noEndpoint as PUT, noEndpoint as PATCH, noEndpoint as DELETE };
