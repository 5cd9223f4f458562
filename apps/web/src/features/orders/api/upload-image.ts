/** Pictures for a review or a return: `/api/upload/img` with `moduleName=review`. */
import { imageProblem, type UploadHandle, uploadImage } from '../../../lib/upload-image.ts';

export { IMAGE_TYPES, type UploadHandle } from '../../../lib/upload-image.ts';
/** UPLOAD_LIMITS.review of the contract (10 MB). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** LIMITS.reviewImagesMax of the contract (SPEC §9: up to 9 pictures). */
export const IMAGES_MAX = 9;

export const reviewImageProblem = (file: File) => imageProblem(file, IMAGE_MAX_BYTES);

export const uploadReviewImage = (file: File, onProgress: (fraction: number) => void): UploadHandle =>
  uploadImage(file, 'review', onProgress);
