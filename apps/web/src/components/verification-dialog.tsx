/**
 * What to do when a call needs a verification level: a level the brand asks for leads to the
 * verification page (and back here afterwards); an operator's flag says so in the spec's words and
 * offers online support beside advanced verification.
 */
import { Button, Group, Modal } from '@mantine/core';
import { useRef } from 'react';
import { errorText } from '../lib/errors.ts';
import { useLangNavigate } from '../lib/nav.tsx';
import { openServiceChat } from '../lib/service-dialog-store.ts';
import { useTranslation } from '../lib/translator/react.ts';
import {
  closeVerificationPrompt,
  useVerificationPrompt,
  type VerificationPrompt,
} from '../lib/verification-prompt.ts';

const PAGES = { realname: '/userInfo/setup/real-name', c3: '/userInfo/setup/c3' } as const;

export default function VerificationDialog() {
  const { t } = useTranslation('verification');
  const navigate = useLangNavigate();
  const prompt = useVerificationPrompt();
  // Keep the last prompt's text while the dialog animates closed.
  const shown = useRef<VerificationPrompt | null>(null);
  if (prompt) shown.current = prompt;
  const p = shown.current;
  if (!p) return null;
  const flagged = p.reason === 'flag';
  const body = flagged
    ? errorText('C3_REQUIRED')
    : t(`need.${p.level}.${p.action}`, { limit: p.dailyLimit ?? '' });
  const verify = () => {
    closeVerificationPrompt();
    navigate(`${PAGES[p.level]}?back=${encodeURIComponent(p.back)}`);
  };
  return (
    <Modal
      opened={prompt !== null}
      onClose={closeVerificationPrompt}
      title={t(flagged ? 'flagTitle' : `title.${p.level}`)}
      centered
    >
      <p data-testid="verification-prompt">{body}</p>
      {!flagged && <p className="account-muted">{t('comeBack')}</p>}
      {/* Three actions wrap onto rows at 360 px rather than clip their labels. */}
      <Group gap="xs" justify="flex-end" wrap="wrap" mt="md">
        <Button variant="default" onClick={closeVerificationPrompt}>
          {t('later')}
        </Button>
        {flagged && (
          <Button
            variant="default"
            onClick={() => {
              closeVerificationPrompt();
              openServiceChat();
            }}
          >
            {t('contactSupport')}
          </Button>
        )}
        <Button onClick={verify} data-autofocus>
          {t(`verify.${p.level}`)}
        </Button>
      </Group>
    </Modal>
  );
}
