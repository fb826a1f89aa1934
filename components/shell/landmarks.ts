/** The id of the signed-in layout's content, where the top navigation's skip link lands. */
export const MAIN_CONTENT_ID = 'main-content';
