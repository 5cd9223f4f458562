/** Choose one of the numbered avatars; saved at once (`/api/refresh/avatar`), the header follows. */
import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { showError } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useSetAvatar } from '../api/account-api.ts';
import { AVATAR_NUMBERS, UserAvatar } from './user-avatar.tsx';

export function AvatarPicker({
  current,
  opened,
  onClose,
}: {
  current: number;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('account');
  const setAvatar = useSetAvatar();
  const [chosen, setChosen] = useState(current);

  const save = () => {
    if (chosen === current) {
      onClose();
      return;
    }
    setAvatar.mutate(chosen, {
      onSuccess: () => {
        notify(t('dashboard.avatarSaved'), 'success');
        onClose();
      },
      onError: showError,
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('dashboard.chooseAvatar')} centered size="auto">
      <div className="account-avatar-grid" role="radiogroup" aria-label={t('dashboard.chooseAvatar')}>
        {AVATAR_NUMBERS.map((n) => (
          // biome-ignore lint/a11y/useSemanticElements: a grid of pictures, announced as radios
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={chosen === n}
            aria-label={t('dashboard.avatarNumber', { n })}
            className="account-avatar-choice"
            onClick={() => setChosen(n)}
          >
            <UserAvatar n={n} size={52} />
          </button>
        ))}
      </div>
      <div className="account-actions">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={save} loading={setAvatar.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </Modal>
  );
}
