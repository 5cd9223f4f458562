import { endSession } from './session.ts';

/**
 * Ends the session in this browser, then goes on (`go` navigates). Order matters: a page that
 * needs a session answers the end at once by sending the visitor to sign in (RequireLogin), and
 * navigations are React transitions that such a redirect would overtake. So the redirect is let
 * happen first and `go` comes last, and wins.
 */
export function endSessionThenGo(go: () => void): void {
  endSession();
  window.setTimeout(go, 20);
}
