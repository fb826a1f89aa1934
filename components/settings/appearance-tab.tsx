'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api-client';
import { applyAppearance, rememberAppearance, storedAppearance } from '@/lib/appearance';
import { SETTINGS_TOASTS } from '@/lib/constants';
import type { AppearancePreferences } from '@/lib/preferences';
import type { AppearancePreferencesResponse } from '@/lib/schemas/account';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Loading } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useProfile, type Profile } from './use-profile';

const THEMES: { value: AppearancePreferences['theme']; label: string; hint: string }[] = [
  { value: 'light', label: 'Light', hint: 'Bright backgrounds' },
  { value: 'dark', label: 'Dark', hint: 'Easy on the eyes at night' },
  { value: 'system', label: 'System', hint: 'Follows your device' },
];

const SCHEMES: { value: AppearancePreferences['colorScheme']; label: string; swatch: string }[] = [
  { value: 'gold', label: 'Gold', swatch: '#d99a0f' },
  { value: 'copper', label: 'Copper', swatch: '#c8612d' },
  { value: 'sage', label: 'Sage', swatch: '#5d8355' },
];

const FONT_SIZES: { value: AppearancePreferences['fontSize']; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];

/** One radio group rendered as buttons; arrow keys move the choice like native radios. */
function Choice<T extends string>({ legend, options, value, onChange, render }: { legend: string; options: { value: T; label: string }[]; value: T; onChange(v: T): void; render?: (o: { value: T; label: string }) => ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div role="radiogroup" aria-label={legend} className="flex flex-wrap gap-2">
        {options.map((o, i) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            tabIndex={value === o.value ? 0 : -1}
            onClick={() => onChange(o.value)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
              if (!step) return;
              e.preventDefault();
              onChange(options[(i + step + options.length) % options.length]!.value);
            }}
            className={cn(
              'rounded-lg border px-4 py-3 text-left text-sm transition-colors',
              value === o.value ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-200 dark:bg-stone-800' : 'border-stone-300 hover:border-stone-400 dark:border-stone-700',
            )}
          >
            {render ? render(o) : o.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function AppearanceForm({ profile, onSaved }: { profile: Profile; onSaved(p: AppearancePreferences): void }) {
  const [prefs, setPrefs] = useState<AppearancePreferences>(profile.appearancePreferences);
  const [saving, setSaving] = useState(false);

  // Choices preview at once; leaving without saving puts the saved look back.
  useEffect(() => () => applyAppearance(storedAppearance()), []);

  const change = (fields: Partial<AppearancePreferences>) => {
    const next = { ...prefs, ...fields };
    setPrefs(next);
    applyAppearance(next);
  };

  const save = async () => {
    setSaving(true);
    try {
      const res = await api.put<AppearancePreferencesResponse>('/users/appearance', { appearancePreferences: prefs });
      rememberAppearance(res.appearancePreferences);
      onSaved(res.appearancePreferences);
      toast.success(SETTINGS_TOASTS.appearanceSaved);
    } catch (error) {
      toast.error(errorMessage(error, SETTINGS_TOASTS.saveAppearanceFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Appearance" description="Choose how Cadence looks on this and your other devices.">
      <div className="space-y-6">
        <Choice
          legend="Theme"
          options={THEMES}
          value={prefs.theme}
          onChange={(theme) => change({ theme })}
          render={(o) => (
            <>
              <span className="block font-medium">{o.label}</span>
              <span className="block text-xs text-stone-500 dark:text-stone-400">{THEMES.find((t) => t.value === o.value)?.hint}</span>
            </>
          )}
        />
        <Choice
          legend="Colour scheme"
          options={SCHEMES}
          value={prefs.colorScheme}
          onChange={(colorScheme) => change({ colorScheme })}
          render={(o) => (
            <span className="flex items-center gap-2">
              <span className="h-4 w-4 rounded-full" style={{ background: SCHEMES.find((s) => s.value === o.value)?.swatch }} aria-hidden />
              {o.label}
            </span>
          )}
        />
        <Choice legend="Font size" options={FONT_SIZES} value={prefs.fontSize} onChange={(fontSize) => change({ fontSize })} />
        <Switch id="compact-view" label="Compact view" description="Tighter spacing to fit more on screen" checked={prefs.compactView} onChange={(compactView) => change({ compactView })} />
        <div className="flex justify-end">
          <Button onClick={save} loading={saving}>
            Save Preferences
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function AppearanceTab() {
  const { data: profile, isLoading, patchProfile } = useProfile();
  if (isLoading || !profile) return <Loading label="Loading appearance…" />;
  return <AppearanceForm profile={profile} onSaved={(appearancePreferences) => patchProfile({ appearancePreferences })} />;
}
