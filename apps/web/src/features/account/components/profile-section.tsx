import { useRef, useState } from 'react';
import { UserRound } from 'lucide-react';
import { accountText } from '@openride/shared/account/account-text';
import { accountProfileUpdateSchema } from '@openride/shared/account/schemas';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { uploadFile } from '@/lib/upload';
import { type AccountView, useUpdateProfile } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';
import { fileUrl } from '@/lib/file-url';

const text = accountText.profile;
const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
/** The name alone, required here (the server's PATCH also takes the photo). */
const nameForm = accountProfileUpdateSchema.pick({ full_name: true }).required();

/** Name and photo: the photo is uploaded (purpose profile_avatar), then set as the profile's. */
export function ProfileSection({ account }: { account: AccountView }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const form = useZodForm(nameForm, { defaultValues: { full_name: account.full_name ?? '' } });

  const onSubmit = ({ full_name }: { full_name: string }) => {
    setOutcome(null);
    update.mutate({ full_name }, { onSuccess: () => setOutcome({ tone: 'success', text: text.saved }), onError: (e) => setOutcome(failure(e)) });
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setOutcome(null);
    setProgress(0);
    try {
      const stored = await uploadFile(file, { purpose: 'profile_avatar', onProgress: setProgress });
      await update.mutateAsync({ avatar_file_id: stored.id });
      setOutcome({ tone: 'success', text: text.photoSaved });
    } catch (error) {
      setOutcome(failure(error));
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const busy = update.isPending || progress !== null;
  return (
    <Section title={text.heading}>
      <div className="flex flex-wrap items-center gap-4">
        {account.avatar_file_id ? (
          <img src={fileUrl(account.avatar_file_id)} alt={text.photoAlt} className="size-20 rounded-full bg-ink-100 object-cover" />
        ) : (
          <span className="flex size-20 items-center justify-center rounded-full bg-ink-100 text-ink-400" role="img" aria-label={text.noPhoto}>
            <UserRound className="size-8" aria-hidden="true" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <label className="inline-flex h-11 cursor-pointer items-center rounded-xl border border-ink-200 bg-white px-4 text-sm font-semibold text-ink-900 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-ink-50">
            {progress !== null ? text.uploading(progress) : text.choosePhoto}
            <input ref={fileRef} type="file" accept={PHOTO_ACCEPT} className="sr-only" disabled={busy} onChange={(e) => void onPhoto(e.target.files?.[0])} />
          </label>
          {account.avatar_file_id ? (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setOutcome(null);
                update.mutate(
                  { avatar_file_id: null },
                  { onSuccess: () => setOutcome({ tone: 'success', text: text.photoRemoved }), onError: (e) => setOutcome(failure(e)) },
                );
              }}
            >
              {text.removePhoto}
            </Button>
          ) : null}
        </div>
      </div>
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField name="full_name" label={text.name} autoComplete="name" required maxLength={200} className="flex-1" />
        <Button type="submit" disabled={busy}>
          {update.isPending ? accountText.saving : accountText.save}
        </Button>
      </Form>
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
