/**
 * The proof-of-payment picker of a recharge: the shared picture picker
 * (components/image-upload.tsx) for the `proof` module (10 MB), in the wallet's words.
 */
import { ImageUpload } from '../../../components/image-upload.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { PROOF_MAX_BYTES } from '../api/upload-proof.ts';

export function ProofUpload(props: {
  onChange(url: string | undefined): void;
  onUploadingChange(uploading: boolean): void;
  /** A message from the form (e.g. "please upload a proof"). */
  error?: string | undefined;
}) {
  const { t } = useTranslation('wallet');
  return (
    <ImageUpload
      module="proof"
      maxBytes={PROOF_MAX_BYTES}
      texts={{
        label: t('proof.label'),
        hint: (max) => t('proof.hint', { max }),
        previewAlt: t('proof.previewAlt'),
        progressLabel: t('proof.progressLabel'),
        uploading: (percent) => t('proof.uploading', { percent }),
        uploaded: t('proof.uploaded'),
        cancel: t('proof.cancel'),
        choose: t('proof.choose'),
        replace: t('proof.replace'),
        remove: t('proof.remove'),
      }}
      {...props}
    />
  );
}
