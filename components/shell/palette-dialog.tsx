'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Command } from 'cmdk';
import { useQuery } from '@tanstack/react-query';
import { CalendarCog, LayoutDashboard, Moon, Search, Send, Sun, User, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { useDebounced } from '@/components/ui/use-debounced';
import { api, errorMessage } from '@/lib/api-client';
import { rememberAppearance, storedAppearance } from '@/lib/appearance';
import { CLIENT_VALUE_PREFIX, type PaletteScreen, PALETTE_CLIENT_LIMIT, PALETTE_SEARCH_DEBOUNCE_MS, PALETTE_TEXTS, dashboardHref, paletteFilter } from '@/lib/palette';
import type { AppearancePreferencesResponse } from '@/lib/schemas/account';
import type { ClientPage } from '@/lib/schemas/clients';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-stone-800 select-none data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:text-stone-100 dark:data-[selected=true]:bg-stone-800 dark:data-[selected=true]:text-white';
const groupClass =
  'px-1 py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-stone-600 dark:[&_[cmdk-group-heading]]:text-stone-400';
const iconClass = 'h-4 w-4 shrink-0 text-stone-500 dark:text-stone-400';

export interface PaletteDialogProps {
  open: boolean;
  screens: PaletteScreen[];
  /** Closed without a choice (Escape, a click outside): the trigger gives focus back. */
  onDismiss(): void;
  /** A choice was made: it moves on to a screen or a dialog, which takes the focus itself. */
  onChosen(): void;
}

/**
 * The palette itself (cmdk's dialog, the client search and the actions), loaded apart from the
 * header's trigger so its code is not part of every page's first load (decision 0097). The trigger
 * mounts it afresh at each opening, so each starts with an empty search.
 */
export function PaletteDialog({ open, screens, onDismiss, onChosen }: PaletteDialogProps) {
  const { user, updateUser } = useAuth();
  const router = useRouter();
  const [search, setSearch] = useState('');
  const coach = user?.role === 'coach';
  const query = useDebounced(search.trim(), PALETTE_SEARCH_DEBOUNCE_MS);
  const typing = search.trim() !== query;

  const clients = useQuery({
    queryKey: ['palette', 'clients', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(PALETTE_CLIENT_LIMIT) });
      if (query) params.set('q', query);
      return api.get<ClientPage>(`/coach/clients?${params.toString()}`, { signal });
    },
    enabled: open && coach,
    staleTime: 30_000,
  });

  const dismiss = (next: boolean) => {
    if (!next) onDismiss();
  };
  const go = (href: string) => {
    onChosen();
    router.push(href);
  };

  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
  const toggleTheme = async () => {
    dismiss(false);
    const prefs = { ...storedAppearance(), theme: dark ? ('light' as const) : ('dark' as const) };
    rememberAppearance(prefs);
    try {
      const res = await api.put<AppearancePreferencesResponse>('/users/appearance', { appearancePreferences: prefs });
      rememberAppearance(res.appearancePreferences);
      updateUser({ appearancePreferences: res.appearancePreferences });
    } catch (error) {
      toast.error(errorMessage(error, PALETTE_TEXTS.themeFailed));
    }
  };

  if (!user) return null;
  // Results of an earlier search stay hidden while the coach types: Enter must not pick a client the new words do not name.
  const found = typing ? [] : (clients.data?.clients ?? []);
  const searching = coach && (typing || clients.isFetching) && found.length === 0;
  const waiting = coach && (typing || clients.isFetching);

  return (
    <Command.Dialog
      open={open}
      onOpenChange={dismiss}
      label={PALETTE_TEXTS.label}
      filter={paletteFilter}
      loop
      overlayClassName="fixed inset-0 z-50 bg-stone-950/40 dark:bg-black/60"
      contentClassName="fixed inset-x-3 top-[10vh] z-50 mx-auto max-w-xl overflow-hidden rounded-xl border border-stone-200 bg-white shadow-2xl sm:inset-x-4 dark:border-stone-700 dark:bg-stone-900"
    >
      <div className="flex items-center gap-2 border-b border-stone-200 px-3 dark:border-stone-800">
        <Search className={iconClass} aria-hidden />
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder={PALETTE_TEXTS.placeholder}
          className="h-12 w-full bg-transparent text-base text-stone-900 outline-none placeholder:text-stone-500 dark:text-stone-100 dark:placeholder:text-stone-400"
        />
      </div>
      <Command.List label={PALETTE_TEXTS.results} className="max-h-[min(60vh,24rem)] overflow-y-auto overscroll-contain p-1">
        {searching && (
          <Command.Loading label={PALETTE_TEXTS.searching}>
            <p className="px-3 py-2 text-sm text-stone-600 dark:text-stone-400">{PALETTE_TEXTS.searching}</p>
          </Command.Loading>
        )}
        {clients.isError && (
          <p role="alert" className="px-3 py-2 text-sm text-red-700 dark:text-red-400">
            {PALETTE_TEXTS.searchFailed}
          </p>
        )}
        {!waiting && <Command.Empty className="px-3 py-6 text-center text-sm text-stone-600 dark:text-stone-400">{PALETTE_TEXTS.noResults}</Command.Empty>}
        {coach && found.length > 0 && (
          <Command.Group heading={PALETTE_TEXTS.groups.clients} className={groupClass}>
            {found.map((c) => (
              <Command.Item key={c.id} value={`${CLIENT_VALUE_PREFIX}${c.id}`} onSelect={() => go(dashboardHref('client', c.id))} className={itemClass}>
                <User className={iconClass} aria-hidden />
                <span className="min-w-0 flex-1 truncate">
                  {c.firstName} {c.lastName}
                </span>
                <span className="hidden max-w-[45%] shrink-0 truncate text-xs text-stone-500 sm:inline dark:text-stone-400">{c.email}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
        <Command.Group heading={PALETTE_TEXTS.groups.actions} className={groupClass}>
          {coach && (
            <Command.Item value={PALETTE_TEXTS.addClient} keywords={['new', 'create']} onSelect={() => go(dashboardHref('add-client'))} className={itemClass}>
              <UserPlus className={iconClass} aria-hidden /> {PALETTE_TEXTS.addClient}
            </Command.Item>
          )}
          {coach &&
            query &&
            found.map((c) => {
              const name = `${c.firstName} ${c.lastName}`;
              return [
                !c.checkInsHeld && (
                  <Command.Item key={`send-${c.id}`} value={PALETTE_TEXTS.sendCheckIn(name)} keywords={[c.username]} onSelect={() => go(dashboardHref('send-check-in', c.id))} className={itemClass}>
                    <Send className={iconClass} aria-hidden /> {PALETTE_TEXTS.sendCheckIn(name)}
                  </Command.Item>
                ),
                <Command.Item key={`schedule-${c.id}`} value={PALETTE_TEXTS.aiSchedule(name)} keywords={[c.username]} onSelect={() => go(dashboardHref('ai-schedule', c.id))} className={itemClass}>
                  <CalendarCog className={iconClass} aria-hidden /> {PALETTE_TEXTS.aiSchedule(name)}
                </Command.Item>,
              ];
            })}
          <Command.Item value={PALETTE_TEXTS.toggleTheme(dark ? 'light' : 'dark')} keywords={['theme', 'dark mode', 'light mode', 'appearance']} onSelect={() => void toggleTheme()} className={itemClass}>
            {dark ? <Sun className={iconClass} aria-hidden /> : <Moon className={iconClass} aria-hidden />} {PALETTE_TEXTS.toggleTheme(dark ? 'light' : 'dark')}
          </Command.Item>
        </Command.Group>
        <Command.Group heading={PALETTE_TEXTS.groups.screens} className={groupClass}>
          {screens.map((s) => (
            <Command.Item key={s.href} value={s.label} keywords={s.keywords} onSelect={() => go(s.href)} className={itemClass}>
              <LayoutDashboard className={iconClass} aria-hidden /> {s.label}
            </Command.Item>
          ))}
        </Command.Group>
      </Command.List>
    </Command.Dialog>
  );
}
