import { useState } from 'react';
import { currentBrand } from '../../../lib/brand.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { Icon } from './icons.tsx';

/** Floating lucky-draw box, only for brands that run one; the visitor can hide it. */
export function LotteryBox() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  const url = currentBrand().lotteryUrl;
  if (!url || hidden) return null;
  return (
    <div className="floating lottery-box">
      <a href={url} target="_blank" rel="noopener noreferrer" title={t('lottery.open')}>
        <Icon name="gift" size={26} />
        <span>{t('lottery.open')}</span>
      </a>
      <button
        type="button"
        className="lottery-hide"
        aria-label={t('lottery.hide')}
        onClick={() => setHidden(true)}
      >
        ×
      </button>
    </div>
  );
}
