export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `attachment; filename="..."; filename*=UTF-8''...`: an ASCII-only fallback for old clients (anything outside a safe
 * set becomes "_", so no quote, slash or control character reaches the header) and the exact name per RFC 5987/6266.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback =
    fileName
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .replace(/_[\s_]*_/g, '_')
      .slice(0, 150) || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
