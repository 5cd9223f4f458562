/** The proof-of-payment image: `/api/upload/img` with `moduleName=proof` (10 MB). */
import { imageProblem, type UploadHandle, uploadImage } from '../../../lib/upload-image.ts';

export { IMAGE_TYPES as PROOF_TYPES, type UploadHandle } from '../../../lib/upload-image.ts';
/** UPLOAD_LIMITS.proof of the contract (10 MB), restated to keep the contract's module out of the first paint. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

export const proofFileProblem = (file: File) => imageProblem(file, PROOF_MAX_BYTES);

/** `done` gives the URL the recharge call takes as `proof`. */
export const uploadProof = (file: File, onProgress: (fraction: number) => void): UploadHandle =>
  uploadImage(file, 'proof', onProgress);
