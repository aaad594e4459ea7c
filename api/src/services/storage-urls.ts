/** The public address of an object, as ARCHITECTURE.md fixes it. */
export function publicObjectUrl(storageBase: string, bucket: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${storageBase.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${encoded}`;
}
