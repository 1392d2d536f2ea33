import { useId, useState } from 'react';
import { Check, Copy, Share2 } from 'lucide-react';
import { riderText } from '@openride/shared/rides/rider-text';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';

const text = riderText.track;

/** The share-trip link: copy it, or hand it to the phone's share sheet where there is one. */
export function ShareTrip({ token }: { token: string }) {
  const id = useId();
  const url = `${window.location.origin}/share/${encodeURIComponent(token)}`;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: text.shareText, text: text.shareText, url });
    } catch {
      // Dismissed by the rider (AbortError) or refused: the link and the copy button are still there.
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h2 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        {text.share}
      </h2>
      <label htmlFor={id} className="sr-only">
        {text.shareLink}
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className={cn(inputClasses, 'min-w-0 flex-1 text-sm text-ink-600')} />
        <Button variant="outline" size="icon" className="size-11" onClick={() => void copy()} aria-label={text.copy} title={text.copy}>
          {copied === 'yes' ? <Check className="size-4 text-brand-600" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        </Button>
        {canShare ? (
          <Button variant="outline" size="icon" className="size-11" onClick={() => void share()} aria-label={text.share} title={text.share}>
            <Share2 className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <p role="status" className="min-h-5 text-xs text-ink-500">
        {copied === 'yes' ? text.copied : copied === 'failed' ? text.copyFailed : ''}
      </p>
    </section>
  );
}
