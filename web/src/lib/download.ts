/** Hands a file fetched by the app to the browser, as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the address: it can go once this task is over
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
