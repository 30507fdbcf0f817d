import { useTranslation } from 'react-i18next';

interface TabsProps<T extends string> {
  label: string;
  value: T;
  tabs: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** Segmented tabs (email / phone); arrow keys move between them. */
export function Tabs<T extends string>({ label, value, tabs, onChange }: TabsProps<T>) {
  return (
    <div className="segmented" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          tabIndex={tab.value === value ? 0 : -1}
          onClick={() => onChange(tab.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const step = event.key === 'ArrowRight' ? 1 : -1;
            const next = tabs[(index + step + tabs.length) % tabs.length];
            if (!next) return;
            onChange(next.value);
            const buttons =
              event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
            buttons?.[(index + step + tabs.length) % tabs.length]?.focus();
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** How a player identifies: by e-mail or by phone (login, registration, recovery). */
export type Channel = 'email' | 'phone';

/** The e-mail / phone tabs shared by every account form. */
export function ChannelTabs({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Channel;
  onChange: (value: Channel) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      label={label}
      value={value}
      onChange={onChange}
      tabs={[
        { value: 'email', label: t('auth.withEmail') },
        { value: 'phone', label: t('auth.withPhone') },
      ]}
    />
  );
}
