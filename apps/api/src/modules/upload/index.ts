/** Image uploads (JPEG/PNG by content, size per module) and their serving under /uploads/. */
export { uploadRoutes } from './upload.routes.ts';
export { isUploadModule, type StoredImage, sniffImage, UploadService } from './upload.service.ts';
