/** The proof-of-payment image: `/api/upload/img` with `moduleName=proof` (10 MB). */

import { UPLOAD_LIMITS } from '@mall/contract/accounts';
import { imageProblem, type UploadHandle, uploadImage } from '../../../lib/upload-image.ts';

export { IMAGE_TYPES as PROOF_TYPES, type UploadHandle } from '../../../lib/upload-image.ts';
/** Payment proofs: up to 10 MB (the contract's upload limit). */
export const PROOF_MAX_BYTES = UPLOAD_LIMITS.proof;

export const proofFileProblem = (file: File) => imageProblem(file, PROOF_MAX_BYTES);

/** `done` gives the URL the recharge call takes as `proof`. */
export const uploadProof = (file: File, onProgress: (fraction: number) => void): UploadHandle =>
  uploadImage(file, 'proof', onProgress);
