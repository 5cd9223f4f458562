import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

/** Puts text on the clipboard; where the Clipboard API is missing (plain http), a hidden textarea. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** `copy(text)` and whether it was just copied (for two seconds), with a toast either way. */
export function useCopy(): { copied: boolean; copy(text: string): void } {
  const { t } = useTranslation('wallet');
  const [copied, setCopied] = useState(false);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    copied,
    copy(text) {
      writeClipboard(text).then(
        () => {
          setCopied(true);
          notify(t('copy.copied'), 'success');
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => setCopied(false), 2000);
        },
        () => notify(t('copy.failed')),
      );
    },
  };
}
