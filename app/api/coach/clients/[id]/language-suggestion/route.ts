import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const POST = route(contract.answerLanguageSuggestion, async ({ user, params, body }) => ({ success: true, client: await clients.answerLanguageSuggestion(user, params.id, body) }));
