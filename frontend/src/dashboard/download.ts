/** Hands a downloaded file to the browser under `filename`, as a link click would. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Spec §7: the export is saved as '{name}_report.xlsx'. */
export const exportFilename = (reportName: string): string => `${reportName}_report.xlsx`;
