/** The ID or passport photo goes to `/api/upload/img` with `moduleName=verification` (components/image-upload.tsx). */
import { UPLOAD_LIMITS } from '@mall/contract/accounts';

/** ID photos: up to 30 MB (the contract's upload limit for verification images). */
export const PHOTO_MAX_BYTES = UPLOAD_LIMITS.verification;
