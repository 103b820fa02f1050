/** The entry of careers.js and white-label.js (loaded with defer: the document is parsed). */
import { hydrateIslands } from './hydrate';

hydrateIslands();
