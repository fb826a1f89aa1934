import type { ClientLanguage } from '@/lib/languages';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { pt } from './pt';
import type { Phrases } from './types';

export type { PartOfDay, Phrases, Tone, UnitWord } from './types';

const PHRASES: Record<ClientLanguage, Phrases> = { en, es, pt, de, fr };

export const phrasesFor = (language: ClientLanguage): Phrases => PHRASES[language];
