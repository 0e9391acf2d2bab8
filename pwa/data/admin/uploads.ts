// Image uploads of the admin forms (logos, icons, images in rich text and Open Graph).
import { uploadResponseSchema, type UploadFolder } from '../../../contract/admin.ts';
import { apiRequest } from '../../lib/api.ts';

/** POST /api/objects/upload: the stored image's URL ("/objects/{id}"). */
export async function uploadImage(file: File, folder: UploadFolder): Promise<string> {
  const body = new FormData();
  body.append('folder', folder); // before the file, so a too-large error can name this folder's limit
  body.append('file', file);
  return uploadResponseSchema.parse(await (await apiRequest('POST', '/api/objects/upload', body)).json()).uploadURL;
}
