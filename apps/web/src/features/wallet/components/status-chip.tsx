import type { WalletRecordStatus } from '@mall/contract';
import { useTranslation } from '../../../lib/translator/react.ts';

/** Processing (amber), success (green), fail (red); the word is always there, not only the colour. */
export function StatusChip({ status }: { status: WalletRecordStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <span className="wallet-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
