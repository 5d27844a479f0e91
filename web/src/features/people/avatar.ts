/** Files sent to POST /uploadDocs (SPEC §7) with the server's own error text on failure. */
import { requestJson } from '../../lib/http';

type Entry = { uri?: string; name?: string; err?: string };

/** Upload `files` with the form's owner fields; the entries, or the first file's error. */
export async function upload(fields: Record<string, string>, files: readonly File[], token: string): Promise<Entry[]> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  files.forEach((file, i) => form.append(`file.${i}`, file, file.name));
  const entries = await requestJson<Entry[]>('/uploadDocs', { method: 'POST', body: form, headers: { token } });
  const failed = entries.find((e) => e.err);
  if (failed) throw new Error(`${failed.name ?? ''} ${failed.err}`.trim());
  return entries;
}

/** A user's photo (`usrId` + `file.0`); its uri. */
export async function uploadAvatar(userId: string, file: File, token: string): Promise<string> {
  const [first] = await upload({ usrId: userId }, [file], token);
  return first?.uri ?? '';
}
