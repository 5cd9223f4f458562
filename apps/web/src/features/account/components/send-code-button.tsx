/**
 * "Send code" beside a verification-code field: asks the server to send a 6-digit code, then
 * counts down a minute (the server allows one code a minute per target) before it can send again.
 */
import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { showError } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

const RESEND_SECONDS = 60;

export function SendCodeButton({
  send,
  beforeSend,
}: {
  send(): Promise<unknown>;
  /** Client checks of the target (phone or e-mail); false stops the send. */
  beforeSend(): boolean;
}) {
  const { t } = useTranslation('account');
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    if (!beforeSend()) return;
    setBusy(true);
    try {
      await send();
      notify(t('code.sent'), 'success');
      setLeft(RESEND_SECONDS);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      type="button"
      variant="outline"
      className="account-code-button"
      onClick={onClick}
      loading={busy}
      disabled={left > 0}
      aria-live="polite"
    >
      {left > 0 ? t('code.resendIn', { seconds: left }) : t('code.send')}
    </Button>
  );
}
