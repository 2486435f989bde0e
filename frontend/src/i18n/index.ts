import { ja, type Catalogue } from './ja';

/** The active catalogue. Only Japanese exists today; this is the seam where a locale switch goes. */
export const t: Catalogue = ja;
