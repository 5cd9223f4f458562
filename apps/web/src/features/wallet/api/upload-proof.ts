/** The proof-of-payment image goes to `/api/upload/img` with `moduleName=proof` (components/image-upload.tsx). */

/** UPLOAD_LIMITS.proof of the contract (10 MB), restated to keep the contract's module out of the first paint. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
