/** Hands a downloaded blob to the browser as a file with the given name. */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the click, after this handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
