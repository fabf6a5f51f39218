// Downloads made in the browser (a CSV export, the import template) saved as files.

/** Saves a Blob under a file name through a temporary link (released after 10 s, once the download has its bytes). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
