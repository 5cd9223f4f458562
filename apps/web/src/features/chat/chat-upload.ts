/**
 * Chat pictures: `/api/upload/img` with `moduleName=chat` through the shared uploader (progress,
 * stall time-out, envelope). The server sniffs the bytes (JPEG or PNG only); the checks here only
 * spare a refused upload.
 */
import { UPLOAD_LIMITS } from '@mall/contract';
import { imageProblem, uploadImage } from '../../lib/upload-image.ts';

export const chatImageProblem = (file: File) => imageProblem(file, UPLOAD_LIMITS.chat);

/**
 * The uploaded picture's URL (what a chat `img` message carries). The window never cancels an
 * upload, so the only abort is the stall time-out, which rejects with NETWORK_ERROR.
 */
export const uploadChatImage = (file: File, onProgress: (fraction: number) => void): Promise<string> =>
  uploadImage(file, 'chat', onProgress).done;
