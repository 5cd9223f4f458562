/** The proof-of-payment image goes to `/api/upload/img` with `moduleName=proof` (components/image-upload.tsx). */
import { UPLOAD_LIMITS } from '@mall/contract/accounts';

/** Payment proofs: up to 10 MB (the contract's upload limit). */
export const PROOF_MAX_BYTES = UPLOAD_LIMITS.proof;
