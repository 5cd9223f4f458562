import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translator/react.ts';

/** A payment proof as a small thumbnail; a click (or Enter) opens it large in a dialog. */
export function ProofThumb({ url, serialNo }: { url: string; serialNo: string }) {
  const { t } = useTranslation('wallet');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="wallet-proof-thumb"
        onClick={() => setOpen(true)}
        aria-label={t('record.viewProof', { serialNo })}
      >
        <img src={url} alt="" loading="lazy" width={48} height={48} />
      </button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('record.proofTitle', { serialNo })}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <img className="wallet-proof-large" src={url} alt={t('record.proof')} />
      </Modal>
    </>
  );
}
