import { DEFAULT_APPEARANCE_PREFERENCES, type AppearancePreferences } from './preferences';

export const APPEARANCE_STORAGE_KEY = 'appearance';

export function storedAppearance(): AppearancePreferences {
  try {
    const raw = localStorage.getItem(APPEARANCE_STORAGE_KEY);
    return raw ? { ...DEFAULT_APPEARANCE_PREFERENCES, ...(JSON.parse(raw) as Partial<AppearancePreferences>) } : DEFAULT_APPEARANCE_PREFERENCES;
  } catch {
    return DEFAULT_APPEARANCE_PREFERENCES;
  }
}

export function prefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Puts the preferences on <html>: dark class, colour scheme, font size, compact spacing. */
export function applyAppearance(prefs: AppearancePreferences): void {
  const root = document.documentElement;
  root.classList.toggle('dark', prefs.theme === 'dark' || (prefs.theme === 'system' && prefersDark()));
  root.dataset.scheme = prefs.colorScheme;
  root.dataset.fontSize = prefs.fontSize;
  root.dataset.compact = String(prefs.compactView);
}

export function rememberAppearance(prefs: AppearancePreferences): void {
  localStorage.setItem(APPEARANCE_STORAGE_KEY, JSON.stringify(prefs));
  applyAppearance(prefs);
}

/**
 * Runs in <head> before the first paint, so a reload never flashes the wrong theme. It repeats
 * applyAppearance in plain ES5 because it cannot import anything.
 */
export const APPEARANCE_BOOT_SCRIPT = `(function(){try{var p=JSON.parse(localStorage.getItem('${APPEARANCE_STORAGE_KEY}')||'{}');var r=document.documentElement;var t=p.theme||'light';r.classList.toggle('dark',t==='dark'||(t==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches));r.dataset.scheme=p.colorScheme||'gold';r.dataset.fontSize=p.fontSize||'medium';r.dataset.compact=String(!!p.compactView);}catch(e){}})();`;
