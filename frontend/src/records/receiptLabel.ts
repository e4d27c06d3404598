const TYPE_LABELS: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'application/pdf': 'PDF' };

/** "PNG, 12.3 KB": what an attached receipt is, for the fuel table and the edit dialog. */
export const attachmentLabel = (attachment: { content_type: string; size: number }) => {
  const size =
    attachment.size < 1024 * 1024
      ? `${Math.max(0.1, attachment.size / 1024).toFixed(1)} KB`
      : `${(attachment.size / 1024 / 1024).toFixed(1)} MB`;
  return `${TYPE_LABELS[attachment.content_type] ?? attachment.content_type}, ${size}`;
};
