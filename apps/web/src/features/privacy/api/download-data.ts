import { dataExportFileName, stockholmDateKey, type DataExport } from '@samtalsmatch/contracts';
import { api } from '@/lib/api-client';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** GET /users/me/export: everything the service holds about the caller (docs/rules/privacy.md#data-export). */
export function getDataExport(): Promise<DataExport> {
  return api.get<DataExport>('/users/me/export');
}

/** Hands the file to the browser as a download, named as the server names it. */
export function saveAsFile(file: DataExport, now = new Date()): void {
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = dataExportFileName(stockholmDateKey(now));
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Fetches the file through the API client (its errors and the 401 sign-out
 * as everywhere), then saves it.
 */
export function useDownloadData() {
  return useChangeMutation({
    mutationFn: async () => {
      const file = await getDataExport();
      saveAsFile(file);
      return file;
    },
  });
}
