/**
 * The ID or passport photo of a loan application: the shared picture picker
 * (components/image-upload.tsx) for the `verification` module (30 MB), in the loans' words.
 */
import { ImageUpload } from '../../../components/image-upload.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { PHOTO_MAX_BYTES } from '../api/upload-id-photo.ts';

export function IdPhotoUpload(props: {
  onChange(url: string | undefined): void;
  onUploadingChange(uploading: boolean): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('loans');
  return (
    <ImageUpload
      module="verification"
      maxBytes={PHOTO_MAX_BYTES}
      texts={{
        label: t('apply.photo'),
        hint: (max) => t('apply.photoHint', { max }),
        previewAlt: t('apply.photoAlt'),
        progressLabel: t('apply.progress'),
        uploading: (percent) => t('apply.uploading', { percent }),
        uploaded: t('apply.uploaded'),
        cancel: t('apply.cancelUpload'),
        choose: t('apply.choose'),
        replace: t('apply.replace'),
        remove: t('apply.remove'),
      }}
      {...props}
    />
  );
}
