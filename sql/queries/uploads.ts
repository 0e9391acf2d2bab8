// Uploaded images, stored in the database so every instance serves them.
import type { Queryable } from '../db-types.ts';

export type UploadedObject = { contentType: string; byteSize: number; data: Buffer };

export async function insertUploadedObject(
  sql: Queryable,
  object: { id: string; folder: string; contentType: string; data: Buffer; uploadedBy: number | null },
) {
  await sql`
    INSERT INTO uploaded_objects (id, folder, content_type, byte_size, data, uploaded_by)
    VALUES (${object.id}, ${object.folder}, ${object.contentType}, ${object.data.length}, ${object.data}, ${object.uploadedBy})`;
}

export async function findUploadedObject(sql: Queryable, id: string) {
  const [row] = await sql<
    UploadedObject[]
  >`SELECT content_type, byte_size, data FROM uploaded_objects WHERE id = ${id}`;
  return row;
}

/** False when no object has that id. Pages still naming it then show their image-missing fallback. */
export async function deleteUploadedObject(sql: Queryable, id: string) {
  return (await sql`DELETE FROM uploaded_objects WHERE id = ${id}`).count === 1;
}
