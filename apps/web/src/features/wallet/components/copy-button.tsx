import { useTranslation } from '../../../lib/translator/react.ts';
import { useCopy } from '../hooks/use-copy.ts';

/** A small "Copy" button; `label` names what is copied for screen readers ("Copy address"). */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation('wallet');
  const { copied, copy } = useCopy();
  return (
    <button
      type="button"
      className="wallet-copy"
      onClick={() => copy(text)}
      aria-label={label ?? t('copy.copy')}
      title={label ?? t('copy.copy')}
      data-copied={copied || undefined}
    >
      {copied ? t('copy.copied') : t('copy.copy')}
    </button>
  );
}
