import { z } from 'zod';
import { CLIENT_LANGUAGES } from '../languages';

export const clientLanguageSchema = z.enum(CLIENT_LANGUAGES, { error: `Language must be one of ${CLIENT_LANGUAGES.join(', ')}` });
