import { useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { privacyText as text } from '@openride/shared/privacy/privacy-text';
import { DELETE_CONFIRMATION, deleteAccountSchema } from '@openride/shared/privacy/schemas';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { DATA_EXPORT_URL, useDeleteAccount } from '../api/delete-account';

/**
 * The privacy sections of /account-settings (decision 0059), for its `privacy` slot: "Download my data" (the
 * server's JSON attachment, every table about the user) and "Delete account" (typed DELETE and the current
 * password; the server refuses with an active ride or money owed and says so).
 */
export function PrivacySections() {
  return (
    <div className="space-y-6">
      <section aria-labelledby="privacy-download" className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4 sm:p-6">
        <h2 id="privacy-download" className="text-lg font-semibold text-ink-900">
          {text.download.title}
        </h2>
        <p className="text-sm text-ink-600">{text.download.text}</p>
        <a href={DATA_EXPORT_URL} download className={buttonClasses({ variant: 'outline' })}>
          <Download className="size-4" aria-hidden="true" />
          {text.download.button}
        </a>
      </section>
      <DeleteAccountSection />
    </div>
  );
}

/**
 * The server's schema, stricter for the form: the confirmation must be typed exactly and the password is
 * required (every email-and-password account has one, and this page is theirs).
 */
const deleteForm = deleteAccountSchema.extend({
  confirm: deleteAccountSchema.shape.confirm.refine((v) => v === DELETE_CONFIRMATION, text.delete.confirmLabel),
  password: deleteAccountSchema.shape.password.unwrap().min(1),
});

function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useZodForm(deleteForm, { defaultValues: { confirm: '', password: '' } });
  const [confirm, password] = form.watch(['confirm', 'password']);
  return (
    <section aria-labelledby="privacy-delete" className="space-y-3 rounded-2xl border border-red-200 bg-white p-4 sm:p-6">
      <h2 id="privacy-delete" className="text-lg font-semibold text-ink-900">
        {text.delete.title}
      </h2>
      <p className="text-sm text-ink-600">{text.delete.text}</p>
      <p className="text-sm text-ink-600">{text.delete.notAllowed}</p>
      {open ? (
        <Form form={form} onSubmit={(values) => remove.mutate(values)} className="space-y-3">
          <FormField name="confirm" label={text.delete.confirmLabel} autoComplete="off" autoCapitalize="characters" spellCheck={false} required />
          <FormField name="password" label={text.delete.passwordLabel} type="password" autoComplete="current-password" required />
          <MutationError error={remove.error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={confirm !== DELETE_CONFIRMATION || password === '' || remove.isPending}>
              <Trash2 className="size-4" aria-hidden="true" />
              {remove.isPending ? text.delete.busy : text.delete.submit}
            </Button>
            <Button variant="outline" onClick={() => (setOpen(false), form.reset(), remove.reset())}>
              {text.delete.cancel}
            </Button>
          </div>
        </Form>
      ) : (
        <Button variant="outline" onClick={() => setOpen(true)}>
          {text.delete.open}
        </Button>
      )}
    </section>
  );
}
