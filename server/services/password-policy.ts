import { judgePassword, loadPasswordEstimator, passwordUserInputs, type PasswordOwner } from '@/lib/password-strength';
import { badRequest } from '../http/errors';

/**
 * The server's word on a new password, wherever one is set (register, reset, change, admin
 * accounts): the spec's character rules are checked by the schemas, this adds the guessability
 * estimate with the owner's own name and address as the first guesses.
 */
export async function assertStrongPassword(password: string, owner: PasswordOwner, field = 'password'): Promise<void> {
  const { message } = judgePassword(await loadPasswordEstimator(), password, passwordUserInputs(owner));
  if (message) throw badRequest(message, [{ field, message }]);
}
