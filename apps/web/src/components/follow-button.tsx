/**
 * Follow or unfollow a store (store page, product page's shop card). A visitor is sent to sign in
 * and brought back. The state shown follows the request at once and the server's answer after.
 */

import { useFollowMutation, useSignedInOrLogin } from '../lib/keep-follow.ts';
import { notify } from '../lib/notify.ts';
import { useTranslation } from '../lib/translator/react.ts';
import './follow-button.css';

export function FollowButton({
  sellerId,
  following,
  className,
}: {
  sellerId: string;
  following: boolean;
  className?: string;
}) {
  const { t } = useTranslation('catalogue');
  const follow = useFollowMutation();
  const signedIn = useSignedInOrLogin();
  const shown = follow.isPending ? follow.variables.on : following;
  return (
    <button
      type="button"
      className={`follow-button${shown ? ' is-on' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={shown}
      disabled={follow.isPending}
      onClick={() => {
        if (!signedIn()) return;
        follow.mutate(
          { id: sellerId, on: !following },
          { onSuccess: () => notify(t(following ? 'follow.removed' : 'follow.added'), 'success') },
        );
      }}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d={shown ? 'M5 12l5 5 9-10' : 'M12 5v14M5 12h14'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      {shown ? t('follow.following') : t('follow.follow')}
    </button>
  );
}
