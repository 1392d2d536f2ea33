import { useState, type ComponentType } from 'react';
import { Briefcase, Home } from 'lucide-react';
import { accountText } from '@openride/shared/account/account-text';
import type { SavedPlaceKind } from '@openride/shared/account/schemas';
import { Button } from '@/components/ui/button';
import { type AccountView, useRemovePlace, useSavePlace } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.places;

/** The place search the route module composes in (the rides feature's; features never import each other). */
export type AccountPlaceInputProps = {
  label: string;
  placeholder: string;
  value: string;
  chosen: boolean;
  onType: (value: string) => void;
  onChoose: (place: { lat: number; lng: number; label: string }) => void;
  onClear: () => void;
};
export type AccountPlaceInput = ComponentType<AccountPlaceInputProps>;

const KINDS: Array<{ kind: SavedPlaceKind; label: string; Icon: typeof Home }> = [
  { kind: 'home', label: text.home, Icon: Home },
  { kind: 'work', label: text.work, Icon: Briefcase },
];

/** Home and Work, each set by searching a place (saved at once) and removable. */
export function PlacesSection({ account, placeInput }: { account: AccountView; placeInput?: AccountPlaceInput }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <Section title={text.heading} description={text.intro}>
      <ul className="space-y-4">
        {KINDS.map(({ kind, label, Icon }) => (
          <PlaceRow key={kind} kind={kind} label={label} Icon={Icon} account={account} placeInput={placeInput} onOutcome={setOutcome} />
        ))}
      </ul>
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}

function PlaceRow({
  kind,
  label,
  Icon,
  account,
  placeInput: PlaceInput,
  onOutcome,
}: {
  kind: SavedPlaceKind;
  label: string;
  Icon: typeof Home;
  account: AccountView;
  placeInput?: AccountPlaceInput;
  onOutcome: (outcome: Outcome) => void;
}) {
  const saved = account.places.find((p) => p.kind === kind);
  const [typed, setTyped] = useState('');
  const save = useSavePlace();
  const remove = useRemovePlace();
  return (
    <li className="space-y-2 rounded-2xl bg-ink-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <Icon className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
          <span className="font-semibold text-ink-900">{label}</span>
          <span className="min-w-0 break-words text-ink-700" data-testid={`saved-${kind}`}>
            {saved ? saved.address_label : text.notSet}
          </span>
        </p>
        {saved ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${text.remove} ${label}`}
            disabled={remove.isPending}
            onClick={() => {
              onOutcome(null);
              remove.mutate(kind, { onSuccess: () => onOutcome({ tone: 'success', text: text.removed(label) }), onError: (e) => onOutcome(failure(e)) });
            }}
          >
            {text.remove}
          </Button>
        ) : null}
      </div>
      {PlaceInput ? (
        <PlaceInput
          label={text.search(label)}
          placeholder={text.placeholder}
          value={typed}
          chosen={false}
          onType={setTyped}
          onClear={() => setTyped('')}
          onChoose={(place) => {
            onOutcome(null);
            setTyped('');
            save.mutate(
              { kind, place: { label, address_label: place.label, lat: place.lat, lng: place.lng } },
              { onSuccess: () => onOutcome({ tone: 'success', text: text.saved(label) }), onError: (e) => onOutcome(failure(e)) },
            );
          }}
        />
      ) : null}
    </li>
  );
}
