import { customerText as text } from '@openride/shared/customers/customer-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useSetRiderBlocked } from '../api/customers';

type Rider = { id: string; name: string; blocked: boolean };

/**
 * Block or unblock a rider, with the admin's reason (it goes to the audit log). Open while `rider` is set;
 * the list and the rider's page use the same dialog and the same words.
 */
export function BlockRiderDialog({ rider, onClose }: { rider: Rider | null; onClose: () => void }) {
  const setBlocked = useSetRiderBlocked();
  const blocking = rider ? !rider.blocked : false;
  const submit = (r: Rider, reason: string) => {
    onClose();
    setBlocked.mutate(
      { id: r.id, blocked: !r.blocked, reason },
      {
        onSuccess: () => toast({ title: r.blocked ? text.done.unblocked(r.name) : text.done.blocked(r.name) }),
        onError: (error) => toast({ variant: 'destructive', title: text.failed, description: error.name === 'ApiError' ? error.message : undefined }),
      },
    );
  };
  return (
    <ConfirmDialog
      open={rider !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={blocking ? text.blockDialog.title : text.unblockDialog.title}
      description={rider ? (blocking ? text.blockDialog.text(rider.name) : text.unblockDialog.text(rider.name)) : null}
      confirmLabel={blocking ? text.blockDialog.confirm : text.unblockDialog.confirm}
      cancelLabel={text.cancel}
      variant={blocking ? 'destructive' : 'accent'}
      reason={{ label: text.reasonLabel, requiredMessage: text.reasonRequired, maxLength: 500 }}
      onConfirm={(reason) => rider && submit(rider, reason ?? '')}
    />
  );
}
