/** The ID or passport photo: `/api/upload/img` with `moduleName=verification` (30 MB). */

import { UPLOAD_LIMITS } from '@mall/contract/accounts';
import { imageProblem, type UploadHandle, uploadImage } from '../../../lib/upload-image.ts';

export { IMAGE_TYPES as PHOTO_TYPES, type UploadHandle } from '../../../lib/upload-image.ts';
/** ID photos: up to 30 MB (the contract's upload limit for verification images). */
export const PHOTO_MAX_BYTES = UPLOAD_LIMITS.verification;

export const photoProblem = (file: File) => imageProblem(file, PHOTO_MAX_BYTES);

export const uploadIdPhoto = (file: File, onProgress: (fraction: number) => void): UploadHandle =>
  uploadImage(file, 'verification', onProgress);
