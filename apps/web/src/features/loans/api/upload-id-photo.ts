/** The ID or passport photo goes to `/api/upload/img` with `moduleName=verification` (components/image-upload.tsx). */

/** UPLOAD_LIMITS.verification of the contract (30 MB), restated to keep the contract out of the first paint. */
export const PHOTO_MAX_BYTES = 30 * 1024 * 1024;
