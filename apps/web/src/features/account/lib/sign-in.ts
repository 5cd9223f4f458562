/**
 * What every way of signing in does next (sign-in, sign-up): forget the previous user's cached
 * server data, start the session, bring the visitor's cart into the user's, and go back to where
 * the visitor was sent from (`redirect`, a path of this site) or the home page.
 */
import type { LoginResultDto } from '@mall/contract';
import type { QueryClient } from '@tanstack/react-query';
import { mergeVisitorCart } from '../../../lib/cart.ts';
import { startSession } from '../../../lib/session.ts';

export function signedIn(client: QueryClient, result: LoginResultDto): void {
  client.clear();
  const { usercode, username, avatar } = result.user;
  startSession(result.token, { usercode, username, avatar });
  mergeVisitorCart(usercode);
}
