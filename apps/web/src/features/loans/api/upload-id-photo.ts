/** The ID or passport photo: `/api/upload/img` with `moduleName=verification` (30 MB). */
import { imageProblem, type UploadHandle, uploadImage } from '../../../lib/upload-image.ts';

export { IMAGE_TYPES as PHOTO_TYPES, type UploadHandle } from '../../../lib/upload-image.ts';
/** UPLOAD_LIMITS.verification of the contract (30 MB), restated to keep the contract out of the first paint. */
export const PHOTO_MAX_BYTES = 30 * 1024 * 1024;

export const photoProblem = (file: File) => imageProblem(file, PHOTO_MAX_BYTES);

export const uploadIdPhoto = (file: File, onProgress: (fraction: number) => void): UploadHandle =>
  uploadImage(file, 'verification', onProgress);
