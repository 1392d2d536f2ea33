import { VEHICLE_PHOTOS_MAX } from '@openride/shared/vehicles/schemas';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import { FilePicker } from '@/components/ui/file-picker';
import { FileThumbs } from '@/components/ui/file-thumbs';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { useAttachPhoto, useDetachPhoto, type Vehicle } from '../api/vehicles';

const text = vehicleText.driver;

/**
 * A vehicle's photos on the driver's card (decision 0048): thumbnails with Remove, and a picker (file or the
 * phone's camera) that uploads a `vehicle_photo` and attaches it. Either sends the vehicle back to verification.
 */
export function VehiclePhotos({ vehicle: v, name }: { vehicle: Vehicle; name: string }) {
  const attach = useAttachPhoto();
  const detach = useDetachPhoto();
  const full = v.photo_ids.length >= VEHICLE_PHOTOS_MAX;
  const failed = (error: unknown) => toast({ variant: 'destructive', title: isApiError(error) ? error.message : text.saveFailed });
  return (
    <section aria-label={`${text.photos}: ${name}`} className="space-y-2">
      <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{text.photos}</p>
      <FileThumbs
        ids={v.photo_ids}
        alt={(n) => text.photoAlt(name, n)}
        removeLabel={(n) => text.removePhoto(name, n)}
        disabled={detach.isPending}
        onRemove={(fileId) => detach.mutate({ id: v.id, fileId }, { onSuccess: () => toast({ title: text.photoRemoved }), onError: failed })}
      />
      {full ? (
        <p className="text-xs text-ink-500">{text.photosFull(VEHICLE_PHOTOS_MAX)}</p>
      ) : (
        <>
          <p className="text-xs text-ink-500">{text.photosHint(VEHICLE_PHOTOS_MAX)}</p>
          <FilePicker
            // A fresh picker for each photo: its "uploaded" line belongs to the last one.
            key={v.photo_ids.length}
            label={text.addPhoto(name)}
            purpose="vehicle_photo"
            accept="image/jpeg,image/png,image/webp"
            camera
            disabled={attach.isPending}
            onUploaded={(file) => attach.mutate({ id: v.id, fileId: file.id }, { onSuccess: () => toast({ title: text.photoAdded }), onError: failed })}
          />
        </>
      )}
    </section>
  );
}
