import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { fileUrl } from '@/lib/file-url';

/**
 * Stored images as small thumbnails (decision 0045: GET /api/files/:id answers the owner and admins, with the
 * session's cookie). Each opens the full image in a new tab; `onRemove` adds a labelled remove button.
 */
export function FileThumbs({
  ids,
  alt,
  size = 'md',
  onRemove,
  removeLabel,
  disabled = false,
  className,
}: {
  ids: string[];
  alt: (n: number) => string;
  size?: 'sm' | 'md';
  onRemove?: (id: string) => void;
  removeLabel?: (n: number) => string;
  disabled?: boolean;
  className?: string;
}) {
  if (ids.length === 0) return null;
  const box = size === 'sm' ? 'size-10' : 'size-20';
  return (
    <ul className={cn('flex flex-wrap gap-2', className)}>
      {ids.map((id, i) => (
        <li key={id} className="relative">
          <a
            href={fileUrl(id)}
            target="_blank"
            rel="noreferrer"
            className="block rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <img src={fileUrl(id)} alt={alt(i + 1)} loading="lazy" className={cn(box, 'rounded-lg border border-ink-200 bg-ink-50 object-cover')} />
          </a>
          {onRemove ? (
            <button
              type="button"
              onClick={() => onRemove(id)}
              disabled={disabled}
              aria-label={removeLabel ? removeLabel(i + 1) : undefined}
              className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full border border-ink-200 bg-white text-ink-700 shadow-sm hover:bg-ink-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-50"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
