import { TICKET_PHOTOS_MAX } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { FilePicker } from '@/components/ui/file-picker';
import { FileThumbs } from '@/components/ui/file-thumbs';

/** Photos for a ticket message (`ticket_photo`, uploaded as chosen, at most TICKET_PHOTOS_MAX), removable before sending. */
export function PhotoField({
  photos,
  setPhotos,
  onBusyChange,
}: {
  photos: string[];
  setPhotos: (update: (p: string[]) => string[]) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink-800">{supportText.form.photos}</legend>
      <FileThumbs
        ids={photos}
        alt={supportText.conversation.photo}
        size="sm"
        onRemove={(id) => setPhotos((p) => p.filter((x) => x !== id))}
        removeLabel={(n) => `Remove photo ${n}`}
      />
      {photos.length < TICKET_PHOTOS_MAX ? (
        <FilePicker
          label={supportText.form.addPhoto}
          purpose="ticket_photo"
          accept="image/jpeg,image/png,image/webp"
          camera
          onBusyChange={onBusyChange}
          onUploaded={(f) => setPhotos((p) => [...p, f.id])}
        />
      ) : null}
    </fieldset>
  );
}
