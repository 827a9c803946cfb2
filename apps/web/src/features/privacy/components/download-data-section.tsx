import { DATA_RIGHTS_PAGE } from '@samtalsmatch/contracts';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { handleApiError } from '@/lib/error-message';
import { useDownloadData } from '../api/download-data';

const TEXT = DATA_RIGHTS_PAGE.download;

/** 'Ladda ned mina uppgifter' (docs/rules/privacy.md#data-export): the whole export as a JSON file. */
export function DownloadData() {
  const download = useDownloadData();
  return (
    <div>
      <p className="text-stone-700">{TEXT.intro}</p>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: () => toast.success(TEXT.done),
            onError: (error) => handleApiError(error),
          })
        }
      >
        {download.isPending ? TEXT.pending : TEXT.button}
      </Button>
    </div>
  );
}
